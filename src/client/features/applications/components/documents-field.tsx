import { MAX_FILES_PER_UPLOAD, UPLOAD_LIMITS } from '@shared/contract/applications';
import type { ChangeEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { useUploadFiles } from '../api/upload-files';
import { isDocumentFile, splitBySize } from '../lib/registration-form';
import { FilePicker } from './file-picker';
import { UploadedFileList } from './uploaded-file-list';
import { fileTooLarge, invalidFileType, uploadFailed } from './upload-toasts';

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
  const upload = useUploadFiles();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const typed = picked.filter((file) => {
      if (isDocumentFile(file)) return true;
      invalidFileType(`${file.name} is not a PDF, JPG, PNG, DOC or DOCX file.`);
      return false;
    });
    const { accepted, tooLarge } = splitBySize(typed, UPLOAD_LIMITS.document.maxBytes);
    for (const file of tooLarge) fileTooLarge(`${file.name} is too large. Maximum size is 10MB.`);
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
      uploadFailed(failure, 'Failed to upload documents. Please try again.');
    }
    if (added.length > 0) onChange([...value, ...added]);
  };

  return (
    <div className="grid gap-3">
      <FormField
        label="Supporting Documents"
        error={error}
        hint="Business licence, insurance or certifications: PDF, JPG, PNG, DOC or DOCX, up to 10MB each."
      >
        <FilePicker
          multiple
          accept={UPLOAD_LIMITS.document.accept}
          onChange={(event) => void choose(event)}
          disabled={upload.isPending}
        />
      </FormField>
      {upload.isPending ? (
        <p role="status" className="text-sm text-muted">
          Uploading...
        </p>
      ) : null}
      <UploadedFileList
        label="Uploaded documents"
        filenames={value}
        onRemove={(filename) => onChange(value.filter((f) => f !== filename))}
      />
    </div>
  );
}
