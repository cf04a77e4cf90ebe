import { StarHalfIcon, StarIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useFormat, useT } from '@/lib/i18n/i18n';

/** Whole and half stars out of 5 for a rating, with the rating read out once for screen readers. */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  const t = useT('ui');
  const format = useFormat();
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span
      role="img"
      aria-label={t('rating.label', { rating: format.rating(rating) })}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((position) => {
        if (rounded >= position) {
          return (
            <StarIcon key={position} className="size-4 fill-accent-400 text-accent-500" aria-hidden="true" />
          );
        }
        if (rounded >= position - 0.5) {
          return (
            <span key={position} className="relative inline-flex">
              <StarIcon className="size-4 text-line" aria-hidden="true" />
              <StarHalfIcon
                className="absolute inset-0 size-4 fill-accent-400 text-accent-500"
                aria-hidden="true"
              />
            </span>
          );
        }
        return <StarIcon key={position} className="size-4 text-line" aria-hidden="true" />;
      })}
    </span>
  );
}

/**
 * A provider's rating as cards and pages show it: stars and the average to one decimal with the number
 * of reviews, or "New" before the first review (never "0.0" and empty stars).
 */
export function RatingSummary({
  rating,
  reviewCount,
  long = false,
}: {
  rating: number | null;
  reviewCount: number;
  /** "(12 reviews)" rather than "(12)". */
  long?: boolean;
}) {
  const t = useT('ui');
  const format = useFormat();
  if (rating === null || reviewCount === 0) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <span className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-800 ring-1 ring-primary-200">
          {t('rating.new')}
        </span>
        <span className="sr-only">{t('rating.noReviews')}</span>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5">
      <RatingStars rating={rating} />
      <span className="font-semibold text-ink">{format.rating(rating)}</span>
      <span className="text-muted">
        {long ? t('rating.countLong', { count: reviewCount }) : t('rating.count', { count: reviewCount })}
      </span>
    </span>
  );
}
