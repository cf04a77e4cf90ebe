import { StarIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

const LABELS = ['1 star: poor', '2 stars: fair', '3 stars: good', '4 stars: very good', '5 stars: excellent'];

/**
 * A 1 to 5 star rating as radio buttons: the arrow keys move between them and a screen reader reads
 * each one ("4 stars: very good").
 */
export function StarRatingInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (star: number) => void;
  error?: string;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm font-medium text-ink">Your rating</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-400"
          >
            <input
              type="radio"
              name="rating"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
              aria-label={LABELS[star - 1]}
            />
            <StarIcon
              aria-hidden="true"
              className={cn('size-8', value >= star ? 'fill-accent-400 text-accent-500' : 'text-line')}
            />
          </label>
        ))}
      </div>
      {error ? <p className="text-sm font-medium text-danger">{error}</p> : null}
    </fieldset>
  );
}
