import { UPLOAD_LIMITS } from '@shared/contract/applications';
import type { ChangeEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { useUploadFiles } from '../api/upload-files';
import { isPriceListFile } from '../lib/registration-form';
import { FilePicker } from './file-picker';
import { UploadedFileList } from './uploaded-file-list';
import { fileTooLarge, invalidFileType, uploadFailed } from './upload-toasts';

/** Upload mode of Service Pricing: one price list (pdf, xls, xlsx, jpeg, jpg, png; 10 MB). */
export function PriceListField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (filename: string) => void;
  error?: string;
}) {
  const upload = useUploadFiles();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isPriceListFile(file)) return invalidFileType('Please upload PDF, Excel, or Image files only.');
    if (file.size > UPLOAD_LIMITS.price_list.maxBytes)
      return fileTooLarge('Price list must be less than 10MB.');
    upload.mutate(
      { kind: 'price_list', files: [file] },
      {
        onSuccess: ({ filenames }) => onChange(filenames[0] ?? ''),
        onError: (failure) => uploadFailed(failure, 'Failed to upload price list. Please try again.'),
      },
    );
  };

  return (
    <div className="grid gap-3">
      <FormField label="Price List" error={error} hint="PDF, Excel or an image of your prices, up to 10MB.">
        <FilePicker accept={UPLOAD_LIMITS.price_list.accept} onChange={choose} disabled={upload.isPending} />
      </FormField>
      {upload.isPending ? (
        <p role="status" className="text-sm text-muted">
          Uploading...
        </p>
      ) : null}
      <UploadedFileList
        label="Uploaded price list"
        filenames={value ? [value] : []}
        onRemove={() => onChange('')}
      />
    </div>
  );
}
