import { errorMessage } from '@/lib/errors';
import { useT } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';

/** docs/product.md §14: the toasts of uploads (refused by the server, too large, not the right type), in the page's language. */
export function useUploadToasts() {
  const t = useT('backoffice');
  return {
    /** An upload the server refused, with its message or the fallback. */
    uploadFailed: (error: unknown, fallback: string) =>
      notify('error', t('upload.error'), errorMessage(error, fallback)),
    fileTooLarge: (description: string) => notify('error', t('upload.tooLarge'), description),
    invalidFileType: (description: string) => notify('error', t('upload.invalidType'), description),
  };
}
