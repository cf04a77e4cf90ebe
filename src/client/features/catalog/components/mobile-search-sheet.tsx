import type { SearchState } from '@shared/domain/search-params';
import { SearchIcon } from 'lucide-react';
import { lazy } from 'react';
import { useLazySheet } from './lazy-sheet';
import { useT } from '@/lib/i18n/i18n';

const MobileSearchPanel = lazy(() =>
  import('./mobile-search-panel').then((m) => ({ default: m.MobileSearchPanel })),
);

type MobileSearchSheetProps = {
  draft: SearchState;
  onDraftChange: (next: SearchState) => void;
  onApply: (next: SearchState) => void;
};

/** On phones the search box is a button that opens the search sheet (loaded on first open). */
export function MobileSearchSheet(props: MobileSearchSheetProps) {
  const t = useT('catalog');
  const sheet = useLazySheet();
  return (
    <>
      <button
        type="button"
        className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-left text-base text-muted"
        {...sheet.triggerProps}
      >
        <SearchIcon className="size-5 shrink-0" aria-hidden="true" />
        <span className={props.draft.q ? 'truncate text-ink' : 'truncate'}>
          {props.draft.q || t('search.mobileButton')}
        </span>
      </button>
      {sheet.render((panel) => (
        <MobileSearchPanel {...panel} {...props} />
      ))}
    </>
  );
}
