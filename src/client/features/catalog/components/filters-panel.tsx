import { SORT_LABELS, SORT_OPTIONS, type SortOption } from '@shared/domain/sorting';
import { formatDollars } from '@shared/domain/money';
import { PRICE_MAX, PRICE_MIN, PRICE_STEP, type SearchState } from '@shared/domain/search-params';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { Slider } from '@/components/ui/slider';
import { useCategories } from '../api/get-categories';
import type { SheetPanelProps } from './lazy-sheet';

export type FiltersPanelProps = SheetPanelProps & {
  draft: SearchState;
  onDraftChange: (next: SearchState) => void;
  onApply: (next: SearchState) => void;
  onReset: () => void;
};

/** Category, price range and sort in a side sheet; Apply writes them to the URL. */
export function FiltersPanel({
  open,
  setOpen,
  returnFocus,
  draft,
  onDraftChange,
  onApply,
  onReset,
}: FiltersPanelProps) {
  const categories = useCategories();
  const ids = { category: useId(), price: useId(), sort: useId() };
  const update = (patch: Partial<SearchState>) => onDraftChange({ ...draft, ...patch });

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent
        title="Filter Options"
        description="Refine your search results."
        onCloseAutoFocus={returnFocus}
      >
        <div className="grid gap-2">
          <Label htmlFor={ids.category}>Category</Label>
          <Select value={draft.category} onValueChange={(category) => update({ category })}>
            <SelectTrigger id={ids.category}>
              <SelectValue placeholder="All Categories" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All Categories</SelectItem>
              {categories.isPending ? (
                <SelectItem value="__loading" disabled>
                  Loading categories...
                </SelectItem>
              ) : (
                (categories.data ?? []).map((category) => (
                  <SelectItem key={category.id} value={category.slug}>
                    {category.name}
                  </SelectItem>
                ))
              )}
            </SelectContent>
          </Select>
        </div>

        <div className="grid gap-2">
          <div className="flex items-baseline justify-between">
            <Label id={ids.price}>Price Range</Label>
            <span className="text-sm text-muted" aria-live="polite">
              {formatDollars(draft.minPrice)} – {formatDollars(draft.maxPrice)}
              {draft.maxPrice >= PRICE_MAX ? '+' : ''}
            </span>
          </div>
          <Slider
            aria-labelledby={ids.price}
            min={PRICE_MIN}
            max={PRICE_MAX}
            step={PRICE_STEP}
            minStepsBetweenThumbs={0}
            value={[draft.minPrice, draft.maxPrice]}
            onValueChange={([minPrice = PRICE_MIN, maxPrice = PRICE_MAX]) => update({ minPrice, maxPrice })}
            thumbLabels={['Minimum price', 'Maximum price']}
          />
        </div>

        <div className="grid gap-2">
          <Label htmlFor={ids.sort}>Sort By</Label>
          <Select value={draft.sort} onValueChange={(sort) => update({ sort: sort as SortOption })}>
            <SelectTrigger id={ids.sort}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SORT_OPTIONS.map((option) => (
                <SelectItem key={option} value={option}>
                  {SORT_LABELS[option]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <div className="mt-auto grid grid-cols-2 gap-3 border-t border-line pt-5">
          <Button
            variant="outline"
            onClick={() => {
              onReset();
              setOpen(false);
            }}
          >
            Reset Filters
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              onApply(draft);
              setOpen(false);
            }}
          >
            Apply Filters
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
