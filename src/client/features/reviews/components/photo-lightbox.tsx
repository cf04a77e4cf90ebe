import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { swapToFallback } from '@/lib/images';
import { useT } from '@/lib/i18n/i18n';

export type PhotoLightboxProps = {
  photos: string[];
  author: string;
  index: number;
  onIndexChange: (index: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back to the photo that opened it. */
  onCloseAutoFocus: (event: Event) => void;
};

/**
 * A review's photos, one at a time, in a dialog: Previous and Next buttons, the arrow keys, Escape and
 * the close button; the focus stays inside while it is open and returns to the photo that opened it.
 */
export function PhotoLightbox({
  photos,
  author,
  index,
  onIndexChange,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: PhotoLightboxProps) {
  const t = useT('reviews');
  const count = photos.length;
  const go = (step: number) => onIndexChange((index + step + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };
  const position = t('photos.position', { position: index + 1, count });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('photos.title', { author })}
        description={count > 1 ? t('photos.hint') : undefined}
        className="sm:max-w-3xl"
        onKeyDown={onKeyDown}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <figure className="grid gap-2">
          <img
            key={photos[index]}
            src={photos[index]}
            alt={t('photos.alt', { author, position: index + 1, count })}
            className="max-h-[65dvh] w-full rounded-lg bg-sand object-contain"
            onError={swapToFallback}
          />
          <figcaption className="text-center text-sm text-muted" aria-live="polite">
            {position}
          </figcaption>
        </figure>
        {count > 1 ? (
          <div className="flex justify-between gap-3">
            <Button variant="outline" onClick={() => go(-1)}>
              <ChevronLeftIcon aria-hidden="true" />
              {t('photos.previous')}
            </Button>
            <Button variant="outline" onClick={() => go(1)}>
              {t('photos.next')}
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
