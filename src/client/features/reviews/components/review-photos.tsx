import { lazy, Suspense, useRef, useState } from 'react';
import { swapToFallback } from '@/lib/images';
import { useT } from '@/lib/i18n/i18n';

// Radix Dialog and the viewer load when a photo is first opened, not with the provider page.
const PhotoLightbox = lazy(() => import('./photo-lightbox').then((m) => ({ default: m.PhotoLightbox })));

/** A review's photo thumbnails; each opens the photos in an accessible lightbox. */
export function ReviewPhotos({ photos, author }: { photos: string[]; author: string }) {
  const t = useT('reviews');
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const [index, setIndex] = useState(0);
  const opener = useRef(0);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  if (photos.length === 0) return null;
  return (
    <>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('photos.label', { author })}>
        {photos.map((photo, position) => (
          <li key={photo}>
            <button
              type="button"
              ref={(element) => {
                thumbnails.current[position] = element;
              }}
              aria-haspopup="dialog"
              aria-label={t('photos.open', { position: position + 1, count: photos.length, author })}
              className="block rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
              onClick={() => {
                opener.current = position;
                setIndex(position);
                setRequested(true);
                setOpen(true);
              }}
            >
              <img
                src={photo}
                alt=""
                width={96}
                height={96}
                loading="lazy"
                className="size-24 rounded-lg bg-sand object-cover ring-1 ring-line"
                onError={swapToFallback}
              />
            </button>
          </li>
        ))}
      </ul>
      {requested ? (
        <Suspense fallback={null}>
          <PhotoLightbox
            photos={photos}
            author={author}
            index={index}
            onIndexChange={setIndex}
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              thumbnails.current[opener.current]?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
