import { type UploadKind, uploadResponseSchema } from '@shared/contract/applications';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/documents/upload?kind=...: multipart with the repeated field `files` (visitors allowed).
 * Answers the stored names (`<random prefix>-<name>`); a refusal is an ApiError with the server's message.
 */
export async function uploadFiles({ kind, files }: { kind: UploadKind; files: readonly File[] }) {
  const data = new FormData();
  for (const file of files) data.append('files', file, file.name);
  return apiRequest(`/api/documents/upload?kind=${kind}`, uploadResponseSchema, {
    method: 'POST',
    body: data,
  });
}

export function useUploadFiles() {
  return useMutation({ mutationFn: uploadFiles });
}
