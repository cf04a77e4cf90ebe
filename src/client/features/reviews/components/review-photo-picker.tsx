import { REVIEW_PHOTO_LIMITS } from '@shared/contract/reviews';
import { ImagePlusIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useUploadReviewPhotos } from '../api/upload-review-photos';
import { useT } from '@/lib/i18n/i18n';

/** A photo the server took: its id for the review, and a local preview of the file chosen. */
export type PickedPhoto = { id: string; preview: string; name: string };

const TYPES = REVIEW_PHOTO_LIMITS.accept.split(',');

/**
 * Up to 4 photos for a review (JPEG, PNG or WebP, 5 MB each): each is uploaded as soon as it is chosen,
 * so a wrong file is said at once; the server re-encodes it (at most 1600 px, no location data).
 */
export function ReviewPhotoPicker({
  photos,
  onChange,
  onBusyChange,
}: {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const t = useT('reviews');
  const upload = useUploadReviewPhotos();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const room = REVIEW_PHOTO_LIMITS.maxPhotos - photos.length;
  const latest = useRef(photos);
  latest.current = photos;

  useEffect(() => onBusyChange?.(upload.isPending), [upload.isPending, onBusyChange]);
  // Local previews are freed when the picker goes away.
  useEffect(
    () => () => {
      for (const photo of latest.current) URL.revokeObjectURL(photo.preview);
    },
    [],
  );

  const choose = (files: File[]) => {
    setProblem(null);
    if (files.length === 0) return;
    if (files.length > room) {
      setProblem(t('photoPicker.tooMany', { max: REVIEW_PHOTO_LIMITS.maxPhotos }));
      return;
    }
    const wrong = files.find((f) => !TYPES.includes(f.type));
    if (wrong) return setProblem(t('photoPicker.wrongType', { name: wrong.name }));
    const big = files.find((f) => f.size > REVIEW_PHOTO_LIMITS.maxBytes);
    if (big) return setProblem(t('photoPicker.tooLarge', { name: big.name }));
    upload.mutate(files, {
      onSuccess: ({ photos: stored }) =>
        onChange([
          ...latest.current,
          ...stored.map((photo, index) => ({
            id: photo.id,
            preview: URL.createObjectURL(files[index]!),
            name: files[index]!.name,
          })),
        ]),
      onError: (error) => setProblem(errorMessage(error, t('photoPicker.failed'))),
    });
  };

  const remove = (photo: PickedPhoto) => {
    URL.revokeObjectURL(photo.preview);
    onChange(photos.filter((p) => p.id !== photo.id));
  };

  return (
    <fieldset className="grid gap-2" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium text-ink">{t('photoPicker.legend')}</legend>
      <p id={hintId} className="text-xs text-muted">
        {t('photoPicker.hint')}
      </p>
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('photoPicker.added')}>
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <img
                src={photo.preview}
                alt={t('photoPicker.addedPhoto', {
                  number: index + 1,
                  count: photos.length,
                  name: photo.name,
                })}
                width={80}
                height={80}
                className="size-20 rounded-lg object-cover ring-1 ring-line"
              />
              <button
                type="button"
                onClick={() => remove(photo)}
                aria-label={t('photoPicker.remove', { number: index + 1, name: photo.name })}
                className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full bg-ink text-white focus-visible:outline-3 focus-visible:outline-accent-400"
              >
                <XIcon className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
      {room > 0 ? (
        <div>
          <input
            ref={input}
            type="file"
            accept={REVIEW_PHOTO_LIMITS.accept}
            multiple
            tabIndex={-1}
            aria-hidden="true"
            className="sr-only"
            data-testid="review-photo-input"
            onChange={(event) => {
              choose(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            busy={upload.isPending}
            onClick={() => input.current?.click()}
          >
            <ImagePlusIcon aria-hidden="true" />
            {upload.isPending ? t('photoPicker.uploading') : t('photoPicker.add')}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
