import { PRICE_MAX, PRICE_MIN, type SearchState } from '@shared/domain/search-params';
import { LISTING_SUGGESTION_LIMIT } from '@shared/domain/suggestions';
import { SearchIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { FiltersSheet } from './filters-sheet';
import { MobileSearchSheet } from './mobile-search-sheet';
import { LocationOptions } from './location-options';
import { SuggestionInput } from './suggestion-input';
import { useT } from '@/lib/i18n/i18n';

type InlineSearchBarProps = {
  draft: SearchState;
  onDraftChange: (next: SearchState) => void;
  onApply: (next: SearchState) => void;
  onReset: () => void;
};

function activeFilters(state: SearchState): number {
  return (
    (state.category !== 'all' ? 1 : 0) +
    (state.sort !== 'relevance' ? 1 : 0) +
    (state.minPrice > PRICE_MIN || state.maxPrice < PRICE_MAX ? 1 : 0) +
    (state.lang === 'fr' ? 1 : 0)
  );
}

/** The listing's search bar: text with suggestions, location, Filters and Search (a sheet on phones). */
export function InlineSearchBar({ draft, onDraftChange, onApply, onReset }: InlineSearchBarProps) {
  const t = useT('catalog');
  const filters = (
    <FiltersSheet
      draft={draft}
      onDraftChange={onDraftChange}
      onApply={onApply}
      onReset={onReset}
      activeCount={activeFilters(draft)}
    />
  );
  return (
    <div className="rounded-2xl border border-line bg-surface p-2 shadow-sm">
      <div className="flex gap-2 md:hidden">
        <MobileSearchSheet draft={draft} onDraftChange={onDraftChange} onApply={onApply} />
        {filters}
      </div>
      <form
        aria-label={t('search.formLabel')}
        className="hidden gap-2 md:grid md:grid-cols-[1fr_12rem_auto_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          onApply(draft);
        }}
      >
        <label htmlFor="listing-search" className="sr-only">
          {t('search.label')}
        </label>
        <SuggestionInput
          id="listing-search"
          name="q"
          value={draft.q}
          onValueChange={(q) => onDraftChange({ ...draft, q })}
          limit={LISTING_SUGGESTION_LIMIT}
          placeholder={t('search.placeholder')}
        />
        <label htmlFor="listing-location" className="sr-only">
          {t('search.location')}
        </label>
        <NativeSelect
          id="listing-location"
          name="location"
          value={draft.location}
          onChange={(event) => onDraftChange({ ...draft, location: event.target.value })}
        >
          <LocationOptions current={draft.location} />
        </NativeSelect>
        {filters}
        <Button type="submit" variant="primary">
          <SearchIcon aria-hidden="true" />
          {t('search.submit')}
        </Button>
      </form>
    </div>
  );
}
