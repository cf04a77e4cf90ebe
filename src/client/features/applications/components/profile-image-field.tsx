import { UPLOAD_LIMITS } from '@shared/contract/applications';
import { ImageIcon, Loader2Icon } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useUploadFiles } from '../api/upload-files';
import { isImageFile } from '../lib/registration-form';
import { useUploadToasts } from './upload-toasts';
import { useT } from '@/lib/i18n/i18n';

/**
 * The optional profile image: checked here (an image, 5 MB at most), uploaded as kind profile_image,
 * and handed back as the stored name for the application's `profileImage`.
 */
export function ProfileImageField({
  value,
  onChange,
}: {
  value: string | null | undefined;
  onChange: (filename: string | null) => void;
}) {
  const id = useId();
  const t = useT('applications');
  const tb = useT('backoffice');
  const { uploadFailed, fileTooLarge, invalidFileType } = useUploadToasts();
  const upload = useUploadFiles();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isImageFile(file)) return invalidFileType(tb('upload.imageType'));
    if (file.size > UPLOAD_LIMITS.profile_image.maxBytes) return fileTooLarge(tb('upload.imageTooLarge'));
    upload.mutate(
      { kind: 'profile_image', files: [file] },
      {
        onSuccess: ({ filenames }) => {
          setPreview(URL.createObjectURL(file));
          onChange(filenames[0] ?? null);
        },
        onError: (error) => uploadFailed(error, tb('upload.imageFailed')),
      },
    );
  };

  const remove = () => {
    setPreview(null);
    onChange(null);
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row">
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full border-2 border-dashed border-primary-200 bg-primary-50">
        {preview && value ? (
          <img
            src={preview}
            alt={t('photo.preview')}
            width={96}
            height={96}
            className="size-full object-cover"
          />
        ) : upload.isPending ? (
          <Loader2Icon className="size-8 animate-spin text-primary-700" aria-hidden="true" />
        ) : (
          <ImageIcon className="size-8 text-primary-700" aria-hidden="true" />
        )}
      </div>
      <div className="grid gap-2 text-center sm:text-left">
        <p id={`${id}-hint`} className="text-sm text-muted">
          {t('photo.hint')}
        </p>
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          <label
            htmlFor={id}
            className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-line bg-surface px-4 text-sm font-semibold text-ink hover:border-primary-300 hover:bg-primary-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-400"
          >
            {upload.isPending ? t('uploading') : value ? t('photo.change') : t('photo.upload')}
            <input
              id={id}
              type="file"
              accept={UPLOAD_LIMITS.profile_image.accept}
              aria-describedby={`${id}-hint`}
              className="sr-only"
              onChange={choose}
              disabled={upload.isPending}
            />
          </label>
          {value ? (
            <Button variant="ghost" onClick={remove}>
              {t('remove')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
