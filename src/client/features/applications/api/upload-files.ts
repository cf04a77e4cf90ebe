import { type UploadKind, uploadResponseSchema } from '@shared/contract/applications';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/**
 * POST /api/documents/upload?kind=...: multipart with the repeated field `files` (visitors allowed).
 * Answers the stored names (`<random prefix>-<name>`); a refusal is an ApiError with the server's message.
 */
export async function uploadFiles({ kind, files }: { kind: UploadKind; files: readonly File[] }) {
  const data = new FormData();
  for (const file of files) data.append('files', file, file.name);
  const response = await fetch(`/api/documents/upload?kind=${kind}`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: data,
  });
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    let body: { code: string; message: string } | undefined;
    try {
      const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
      if (typeof parsed.code === 'string' && typeof parsed.message === 'string')
        body = { code: parsed.code, message: parsed.message };
    } catch {
      body = undefined;
    }
    throw new ApiError(response.status, text || response.statusText, body);
  }
  return uploadResponseSchema.parse(JSON.parse(text));
}

export function useUploadFiles() {
  return useMutation({ mutationFn: uploadFiles });
}
