import { displayFilename } from '@shared/contract/applications';
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '@/lib/api-client';

/** GET /api/documents/{filename}: the file as a blob, saved under its name without the random prefix. */
export async function downloadDocument(filename: string): Promise<void> {
  const blob = await apiBlob(`/api/documents/${encodeURIComponent(filename)}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = displayFilename(filename);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: downloadDocument });
}
