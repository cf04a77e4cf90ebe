import type { SearchState } from '@shared/domain/search-params';
import { SlidersHorizontalIcon } from 'lucide-react';
import { lazy } from 'react';
import { Button } from '@/components/ui/button';
import { useLazySheet } from './lazy-sheet';
import { useT } from '@/lib/i18n/i18n';

const FiltersPanel = lazy(() => import('./filters-panel').then((m) => ({ default: m.FiltersPanel })));

type FiltersSheetProps = {
  draft: SearchState;
  onDraftChange: (next: SearchState) => void;
  onApply: (next: SearchState) => void;
  onReset: () => void;
  activeCount: number;
};

/** The Filters button; its sheet (category, price range, sort) loads the first time it opens. */
export function FiltersSheet({ activeCount, ...panel }: FiltersSheetProps) {
  const t = useT('listing');
  const sheet = useLazySheet();
  return (
    <>
      <Button variant="outline" className="relative" {...sheet.triggerProps}>
        <SlidersHorizontalIcon aria-hidden="true" />
        {t('filters.button')}
        {activeCount > 0 ? (
          <span className="inline-flex size-5 items-center justify-center rounded-full bg-primary-700 text-xs text-white">
            {activeCount}
            <span className="sr-only"> {t('filters.active')}</span>
          </span>
        ) : null}
      </Button>
      {sheet.render((props) => (
        <FiltersPanel {...props} {...panel} />
      ))}
    </>
  );
}
