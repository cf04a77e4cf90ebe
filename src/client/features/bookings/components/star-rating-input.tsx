import { StarIcon } from 'lucide-react';
import { type Ref, useId } from 'react';
import { cn } from '@/lib/cn';
import { useT, useValidationText } from '@/lib/i18n/i18n';

const LABELS = ['stars.1', 'stars.2', 'stars.3', 'stars.4', 'stars.5'] as const;

/**
 * A 1 to 5 star rating as radio buttons: the arrow keys move between them and a screen reader reads
 * each one ("4 stars: very good"). `inputRef` is the star a form focuses when the rating is wrong (the
 * chosen one, or the first), and an error is each star's description, with the stars marked invalid.
 */
export function StarRatingInput({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: number;
  onChange: (star: number) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const t = useT('mybookings');
  const validation = useValidationText();
  const errorId = useId();
  const focusable = value >= 1 && value <= 5 ? value : 1;
  return (
    <fieldset className="grid gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">{t('stars.legend')}</legend>
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
              aria-label={t(LABELS[star - 1]!)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              ref={star === focusable ? inputRef : undefined}
            />
            <StarIcon
              aria-hidden="true"
              className={cn('size-8', value >= star ? 'fill-accent-400 text-accent-500' : 'text-line')}
            />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {validation(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
