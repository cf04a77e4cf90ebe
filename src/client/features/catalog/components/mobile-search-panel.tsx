import type { SearchState } from '@shared/domain/search-params';
import { LISTING_SUGGESTION_LIMIT } from '@shared/domain/suggestions';
import { SearchIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import type { SheetPanelProps } from './lazy-sheet';
import { LocationOptions } from './location-options';
import { SuggestionInput } from './suggestion-input';
import { useLocale, useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';

/** Popular searches: English searches for the term, French filters by its category (named in French). */
const POPULAR_SEARCHES = [
  { term: 'Home Cleaning', slug: 'home-cleaning' },
  { term: 'Car Detailing', slug: 'car-detailing' },
  { term: 'Plumbing', slug: 'plumbing' },
  { term: 'Tax Services', slug: 'tax-services' },
] as const;

export type MobileSearchPanelProps = SheetPanelProps & {
  draft: SearchState;
  onDraftChange: (next: SearchState) => void;
  onApply: (next: SearchState) => void;
};

/** The phone's search sheet: input, popular searches, Search Now. */
export function MobileSearchPanel({
  open,
  setOpen,
  returnFocus,
  draft,
  onDraftChange,
  onApply,
}: MobileSearchPanelProps) {
  const t = useT('catalog');
  const locale = useLocale();
  const categoryName = useCategoryName();
  const inputId = useId();
  const locationId = useId();
  const submit = (next: SearchState) => {
    setOpen(false);
    onApply(next);
  };
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent side="right" title={t('search.sheetTitle')} onCloseAutoFocus={returnFocus}>
        <form
          aria-label={t('search.formLabel')}
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit(draft);
          }}
        >
          <div className="grid gap-2">
            <label htmlFor={inputId} className="text-sm font-semibold text-ink">
              {t('search.whatDoYouNeed')}
            </label>
            <SuggestionInput
              id={inputId}
              value={draft.q}
              onValueChange={(q) => onDraftChange({ ...draft, q })}
              limit={LISTING_SUGGESTION_LIMIT}
              placeholder={t('search.shortPlaceholder')}
              inline
              autoFocus
            />
          </div>
          <div className="grid gap-2">
            <label htmlFor={locationId} className="text-sm font-semibold text-ink">
              {t('search.location')}
            </label>
            <NativeSelect
              id={locationId}
              value={draft.location}
              onChange={(event) => onDraftChange({ ...draft, location: event.target.value })}
            >
              <LocationOptions current={draft.location} />
            </NativeSelect>
          </div>
          <div>
            <p className="text-sm font-semibold text-ink">{t('search.popular')}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {POPULAR_SEARCHES.map(({ term, slug }) => (
                <Button
                  key={term}
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    submit(locale === 'en' ? { ...draft, q: term } : { ...draft, q: '', category: slug })
                  }
                >
                  {locale === 'en' ? term : categoryName(slug)}
                </Button>
              ))}
            </div>
          </div>
          <Button type="submit" variant="primary" size="lg" className="mt-2 w-full">
            <SearchIcon aria-hidden="true" />
            {t('search.now')}
          </Button>
        </form>
      </SheetContent>
    </Sheet>
  );
}
