import { REVIEW_PHOTO_LIMITS } from '@shared/contract/reviews';
import { ImagePlusIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useUploadReviewPhotos } from '../api/upload-review-photos';

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
      setProblem(`A review can have at most ${REVIEW_PHOTO_LIMITS.maxPhotos} photos.`);
      return;
    }
    const wrong = files.find((f) => !TYPES.includes(f.type));
    if (wrong) return setProblem(`${wrong.name} is not a JPEG, PNG or WebP photo.`);
    const big = files.find((f) => f.size > REVIEW_PHOTO_LIMITS.maxBytes);
    if (big) return setProblem(`${big.name} is larger than 5 MB. Please choose a smaller photo.`);
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
      onError: (error) =>
        setProblem(errorMessage(error, 'The photos could not be uploaded. Please try again.')),
    });
  };

  const remove = (photo: PickedPhoto) => {
    URL.revokeObjectURL(photo.preview);
    onChange(photos.filter((p) => p.id !== photo.id));
  };

  return (
    <fieldset className="grid gap-2" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium text-ink">Photos (optional)</legend>
      <p id={hintId} className="text-xs text-muted">
        Up to 4 JPEG, PNG or WebP photos, 5 MB each. Location data is removed.
      </p>
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos added">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <img
                src={photo.preview}
                alt={`Added ${index + 1} of ${photos.length}: ${photo.name}`}
                width={80}
                height={80}
                className="size-20 rounded-lg object-cover ring-1 ring-line"
              />
              <button
                type="button"
                onClick={() => remove(photo)}
                aria-label={`Remove photo ${index + 1}: ${photo.name}`}
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
            {upload.isPending ? 'Uploading...' : 'Add photos'}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
