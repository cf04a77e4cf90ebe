import { SORT_OPTIONS, type SortOption } from '@shared/domain/sorting';
import { PRICE_MAX, PRICE_MIN, PRICE_STEP, type SearchState } from '@shared/domain/search-params';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { Slider } from '@/components/ui/slider';
import { useCategories } from '../api/get-categories';
import type { SheetPanelProps } from './lazy-sheet';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';

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
  const t = useT('listing');
  const format = useFormat();
  const categoryName = useCategoryName();
  const categories = useCategories();
  const ids = { category: useId(), price: useId(), sort: useId(), french: useId() };
  const update = (patch: Partial<SearchState>) => onDraftChange({ ...draft, ...patch });

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent
        title={t('filters.title')}
        description={t('filters.description')}
        onCloseAutoFocus={returnFocus}
      >
        <div className="grid gap-2">
          <Label htmlFor={ids.category}>{t('filters.category')}</Label>
          <Select value={draft.category} onValueChange={(category) => update({ category })}>
            <SelectTrigger id={ids.category}>
              <SelectValue placeholder={t('filters.allCategories')} />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t('filters.allCategories')}</SelectItem>
              {categories.isPending ? (
                <SelectItem value="__loading" disabled>
                  {t('filters.loadingCategories')}
                </SelectItem>
              ) : (
                (categories.data ?? []).map((category) => (
                  <SelectItem key={category.id} value={category.slug}>
                    {categoryName(category.slug, category.name)}
                  </SelectItem>
                ))
              )}
            </SelectContent>
          </Select>
        </div>

        <div className="grid gap-2">
          <div className="flex items-baseline justify-between">
            <Label id={ids.price}>{t('filters.price')}</Label>
            <span className="text-sm text-muted" aria-live="polite">
              {format.dollars(draft.minPrice)} – {format.dollars(draft.maxPrice)}
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
            thumbLabels={[t('filters.minPrice'), t('filters.maxPrice')]}
          />
        </div>

        <div className="flex min-h-11 items-center gap-3">
          <Checkbox
            id={ids.french}
            checked={draft.lang === 'fr'}
            onCheckedChange={(checked) => update({ lang: checked === true ? 'fr' : '' })}
          />
          <Label htmlFor={ids.french} className="font-medium">
            {t('filters.frenchSpeaking')}
          </Label>
        </div>

        <div className="grid gap-2">
          <Label htmlFor={ids.sort}>{t('filters.sort')}</Label>
          <Select value={draft.sort} onValueChange={(sort) => update({ sort: sort as SortOption })}>
            <SelectTrigger id={ids.sort}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SORT_OPTIONS.map((option) => (
                <SelectItem key={option} value={option}>
                  {t(`sort.${option}`)}
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
            {t('filters.reset')}
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              onApply(draft);
              setOpen(false);
            }}
          >
            {t('filters.apply')}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
