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

const POPULAR_SEARCHES = ['Home Cleaning', 'Car Detailing', 'Plumbing', 'Tax Services'] as const;

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
  const inputId = useId();
  const locationId = useId();
  const submit = (next: SearchState) => {
    setOpen(false);
    onApply(next);
  };
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent side="right" title="Search Services" onCloseAutoFocus={returnFocus}>
        <form
          aria-label="Search services"
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit(draft);
          }}
        >
          <div className="grid gap-2">
            <label htmlFor={inputId} className="text-sm font-semibold text-ink">
              What do you need?
            </label>
            <SuggestionInput
              id={inputId}
              value={draft.q}
              onValueChange={(q) => onDraftChange({ ...draft, q })}
              limit={LISTING_SUGGESTION_LIMIT}
              placeholder="Search for services..."
              inline
              autoFocus
            />
          </div>
          <div className="grid gap-2">
            <label htmlFor={locationId} className="text-sm font-semibold text-ink">
              Location
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
            <p className="text-sm font-semibold text-ink">Popular searches</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {POPULAR_SEARCHES.map((term) => (
                <Button key={term} variant="outline" size="sm" onClick={() => submit({ ...draft, q: term })}>
                  {term}
                </Button>
              ))}
            </div>
          </div>
          <Button type="submit" variant="primary" size="lg" className="mt-2 w-full">
            <SearchIcon aria-hidden="true" />
            Search Now
          </Button>
        </form>
      </SheetContent>
    </Sheet>
  );
}
