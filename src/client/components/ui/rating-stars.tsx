import { StarHalfIcon, StarIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Whole and half stars out of 5 for a rating, with the rating read out once for screen readers. */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5`}
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
