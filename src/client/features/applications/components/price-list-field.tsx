import { UPLOAD_LIMITS } from '@shared/contract/applications';
import type { ChangeEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { useUploadFiles } from '../api/upload-files';
import { isPriceListFile } from '../lib/registration-form';
import { FilePicker } from './file-picker';
import { UploadedFileList } from './uploaded-file-list';
import { useUploadToasts } from './upload-toasts';
import { useT } from '@/lib/i18n/i18n';

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
  const t = useT('applications');
  const { uploadFailed, fileTooLarge, invalidFileType } = useUploadToasts();
  const upload = useUploadFiles();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isPriceListFile(file)) return invalidFileType(t('priceList.wrongType'));
    if (file.size > UPLOAD_LIMITS.price_list.maxBytes) return fileTooLarge(t('priceList.tooLarge'));
    upload.mutate(
      { kind: 'price_list', files: [file] },
      {
        onSuccess: ({ filenames }) => onChange(filenames[0] ?? ''),
        onError: (failure) => uploadFailed(failure, t('priceList.failed')),
      },
    );
  };

  return (
    <div className="grid gap-3">
      <FormField label={t('priceList.label')} error={error} hint={t('priceList.hint')}>
        <FilePicker accept={UPLOAD_LIMITS.price_list.accept} onChange={choose} disabled={upload.isPending} />
      </FormField>
      {upload.isPending ? (
        <p role="status" className="text-sm text-muted">
          {t('uploading')}
        </p>
      ) : null}
      <UploadedFileList
        label={t('priceList.uploaded')}
        filenames={value ? [value] : []}
        onRemove={() => onChange('')}
      />
    </div>
  );
}
