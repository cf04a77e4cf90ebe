import { displayFilename } from '@shared/contract/applications';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** GET /api/documents/{filename}: the file as a blob, saved under its name without the random prefix. */
export async function downloadDocument(filename: string): Promise<void> {
  const response = await fetch(`/api/documents/${encodeURIComponent(filename)}`, { credentials: 'include' });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
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
  const url = URL.createObjectURL(await response.blob());
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
