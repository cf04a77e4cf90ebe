import { MAX_FILES_PER_UPLOAD, UPLOAD_LIMITS } from '@shared/contract/applications';
import type { ChangeEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { useUploadFiles } from '../api/upload-files';
import { isDocumentFile, splitBySize } from '../lib/registration-form';
import { FilePicker } from './file-picker';
import { UploadedFileList } from './uploaded-file-list';
import { useUploadToasts } from './upload-toasts';
import { useT } from '@/lib/i18n/i18n';

/**
 * Supporting documents (several; pdf, jpg, jpeg, png, doc, docx; 10 MB each). A file over the limit is
 * skipped with a toast; the rest are uploaded at once and listed by name, each removable.
 */
export function DocumentsField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (filenames: string[]) => void;
  error?: string;
}) {
  const t = useT('applications');
  const { uploadFailed, fileTooLarge, invalidFileType } = useUploadToasts();
  const upload = useUploadFiles();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const typed = picked.filter((file) => {
      if (isDocumentFile(file)) return true;
      invalidFileType(t('documents.wrongType', { name: file.name }));
      return false;
    });
    const { accepted, tooLarge } = splitBySize(typed, UPLOAD_LIMITS.document.maxBytes);
    for (const file of tooLarge) fileTooLarge(t('documents.tooLarge', { name: file.name }));
    if (accepted.length === 0) return;
    const added: string[] = [];
    try {
      for (let start = 0; start < accepted.length; start += MAX_FILES_PER_UPLOAD) {
        const { filenames } = await upload.mutateAsync({
          kind: 'document',
          files: accepted.slice(start, start + MAX_FILES_PER_UPLOAD),
        });
        added.push(...filenames);
      }
    } catch (failure) {
      uploadFailed(failure, t('documents.failed'));
    }
    if (added.length > 0) onChange([...value, ...added]);
  };

  return (
    <div className="grid gap-3">
      <FormField label={t('documents.label')} error={error} hint={t('documents.hint')}>
        <FilePicker
          multiple
          accept={UPLOAD_LIMITS.document.accept}
          onChange={(event) => void choose(event)}
          disabled={upload.isPending}
        />
      </FormField>
      {upload.isPending ? (
        <p role="status" className="text-sm text-muted">
          {t('uploading')}
        </p>
      ) : null}
      <UploadedFileList
        label={t('documents.uploaded')}
        filenames={value}
        onRemove={(filename) => onChange(value.filter((f) => f !== filename))}
      />
    </div>
  );
}
