import type { RatingHistogram as Histogram } from '@shared/contract/reviews';
import { RatingStars } from '@/components/ui/rating-stars';
import { cn } from '@/lib/cn';
import { useFormat, useT } from '@/lib/i18n/i18n';

const STARS = [5, 4, 3, 2, 1] as const;

/**
 * The average and how the visible reviews spread over the stars; each row filters the list to that
 * star count (pressed again, it shows every rating).
 */
export function RatingHistogram({
  rating,
  reviewCount,
  histogram,
  selected,
  onSelect,
}: {
  rating: number | null;
  reviewCount: number;
  histogram: Histogram;
  selected: number | undefined;
  onSelect: (star: number | undefined) => void;
}) {
  const t = useT('reviews');
  const format = useFormat();
  return (
    <div className="rounded-(--radius-card) border border-line bg-surface p-4">
      <p className="flex items-baseline gap-2">
        <span className="text-4xl font-bold text-ink">{rating === null ? '–' : format.rating(rating)}</span>
        <span className="text-sm text-muted">{t('histogram.outOf5')}</span>
      </p>
      {rating === null ? null : <RatingStars rating={rating} className="mt-1" />}
      <p className="mt-1 text-sm text-muted">{t('histogram.basedOn', { count: reviewCount })}</p>
      <ul className="mt-4 grid gap-1" aria-label={t('histogram.label')}>
        {STARS.map((star) => {
          const count = histogram[star];
          const share = reviewCount === 0 ? 0 : Math.round((count / reviewCount) * 100);
          const pressed = selected === star;
          const label = t('list.stars', { count: star });
          return (
            <li key={star}>
              <button
                type="button"
                aria-pressed={pressed}
                disabled={count === 0 && !pressed}
                onClick={() => onSelect(pressed ? undefined : star)}
                className={cn(
                  'grid min-h-11 w-full grid-cols-[3.75rem_1fr_2.5rem] items-center gap-2 rounded-md px-2 text-left text-sm text-ink hover:bg-primary-50 focus-visible:outline-3 focus-visible:outline-accent-400 disabled:cursor-default disabled:opacity-60 disabled:hover:bg-transparent',
                  pressed && 'bg-primary-50 ring-1 ring-primary-300',
                )}
              >
                <span className="font-medium">
                  {label}
                  <span className="sr-only">: </span>
                </span>
                <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-sand">
                  <span className="block h-full rounded-full bg-accent-400" style={{ width: `${share}%` }} />
                </span>
                <span className="text-right tabular-nums text-muted">
                  {count}
                  <span className="sr-only"> {t('histogram.reviews', { count })}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
