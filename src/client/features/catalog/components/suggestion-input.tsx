import { SUGGESTION_BLUR_DELAY_MS, suggestionsFor } from '@shared/domain/suggestions';
import { SearchIcon } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { fieldClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useSuggestionTerms } from '../api/get-service-names';
import { useT } from '@/lib/i18n/i18n';

type SuggestionInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  limit: number;
  /** Classes of the wrapper (the input keeps the field look). */
  wrapperClassName?: string;
  /** Show the list in the flow (pushing content down) instead of floating over it, as in the phone sheet. */
  inline?: boolean;
};

/**
 * A text box with service suggestions (ARIA combobox + listbox). Opens from one character; closes on
 * empty text, on choosing, on Enter and 300 ms after losing focus. Arrow keys move, Enter chooses.
 */
export function SuggestionInput({
  value,
  onValueChange,
  limit,
  wrapperClassName,
  inline = false,
  className,
  onFocus,
  onBlur,
  onKeyDown,
  ...inputProps
}: SuggestionInputProps) {
  const t = useT('catalog');
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<number | undefined>(undefined);
  // The service names load when someone is about to type (focus or text), not with every page that
  // shows a search box: on a phone that request and its re-render were a long task after hydration.
  const [wanted, setWanted] = useState(false);
  const terms = useSuggestionTerms(wanted);
  const suggestions = useMemo(
    () => suggestionsFor(terms.data ?? [], value, limit),
    [terms.data, value, limit],
  );
  const expanded = open && suggestions.length > 0;

  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  const choose = (term: string) => {
    onValueChange(term);
    setOpen(false);
    setActive(-1);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (!expanded) return step === 1 ? 0 : suggestions.length - 1;
        return (current + step + suggestions.length) % suggestions.length;
      });
    } else if (event.key === 'Enter') {
      if (expanded && active >= 0 && suggestions[active]) {
        event.preventDefault();
        choose(suggestions[active]);
      } else {
        // Enter searches (the form submits); the list closes.
        setOpen(false);
        setActive(-1);
      }
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className={cn('relative', wrapperClassName)}>
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          value={value}
          className={cn(fieldClass, 'pl-10', className)}
          onChange={(event) => {
            onValueChange(event.target.value);
            setWanted(true);
            setOpen(event.target.value.trim().length > 0);
            setActive(-1);
          }}
          onFocus={(event) => {
            window.clearTimeout(blurTimer.current);
            setWanted(true);
            if (value.trim()) setOpen(true);
            onFocus?.(event);
          }}
          onBlur={(event) => {
            blurTimer.current = window.setTimeout(() => {
              setOpen(false);
              setActive(-1);
            }, SUGGESTION_BLUR_DELAY_MS);
            onBlur?.(event);
          }}
          onKeyDown={handleKeyDown}
          {...inputProps}
        />
      </div>
      <div
        hidden={!expanded}
        className={cn(
          'mt-1 overflow-hidden rounded-lg border border-line bg-surface',
          inline ? 'shadow-sm' : 'absolute top-full right-0 left-0 z-50 shadow-lg',
        )}
      >
        <div
          id={listId}
          role="listbox"
          aria-label={t('search.suggestions')}
          className="max-h-64 overflow-y-auto p-1"
        >
          {suggestions.map((term, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: combobox options are reached with aria-activedescendant, focus stays in the box
            // biome-ignore lint/a11y/useKeyWithClickEvents: the box handles the keys (arrows and Enter) for its options
            <div
              key={term}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Keeps focus in the box so the blur timer does not race the choice.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(term)}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 text-sm text-ink',
                index === active ? 'bg-primary-50 text-primary-800' : 'hover:bg-sand',
              )}
            >
              <SearchIcon className="size-4 shrink-0 text-muted" aria-hidden="true" />
              {term}
            </div>
          ))}
        </div>
        <button
          type="submit"
          tabIndex={-1}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen(false);
            setActive(-1);
          }}
          className="flex min-h-11 w-full items-center gap-2 border-t border-line px-4 text-left text-sm font-semibold text-primary-700 hover:bg-primary-50"
        >
          <SearchIcon className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{t('search.searchFor', { q: value.trim() })}</span>
        </button>
      </div>
    </div>
  );
}
