import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';

/** docs/product.md §14: an upload the server refused, with its message or the fallback. */
export function uploadFailed(error: unknown, fallback: string): void {
  notify('error', 'Upload Error', errorMessage(error, fallback));
}

export function fileTooLarge(description: string): void {
  notify('error', 'File Too Large', description);
}

export function invalidFileType(description: string): void {
  notify('error', 'Invalid File Type', description);
}
