import { SearchXIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { useProviderSearch } from '../api/search-providers';
import { ProviderCard, ProviderCardSkeleton } from './provider-card';
import { useFormat, useT } from '@/lib/i18n/i18n';

const FIRST_LOAD_PLACEHOLDERS = 6;
const LIST_PLACEHOLDERS = 5;

function Placeholders({ count, withSummary = true }: { count: number; withSummary?: boolean }) {
  const t = useT('listing');
  return (
    <div className="grid gap-4" role="status" aria-label={t('results.loading')}>
      {withSummary ? <Skeleton className="h-5 w-56" /> : null}
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <ProviderCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** The provider list of the listing: pages of 6 from the server, Load More adds the next 6. */
export function ProviderResults({ query, hasText }: { query: string; hasText: boolean }) {
  const t = useT('listing');
  const format = useFormat();
  const search = useProviderSearch(query);
  const pages = search.data?.pages ?? [];
  const providers = pages.flatMap((page) => page.providers);
  const total = pages[0]?.total ?? 0;
  // A broad search is counted up to 100: "100+".
  const totalText = `${format.number(total)}${pages[0]?.totalIsLowerBound ? '+' : ''}`;
  // After Load More, the focus goes to the first provider it added: the button it was on may be gone
  // (the last page), and the next Tab continues through the new results, not past them.
  const list = useRef<HTMLUListElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const shown = providers.length;
  useEffect(() => {
    if (focusFrom === null || shown <= focusFrom) return;
    list.current?.children[focusFrom]?.querySelector<HTMLElement>('a[href]')?.focus();
    setFocusFrom(null);
  }, [shown, focusFrom]);

  // Nothing loaded yet: 6 placeholders. A new search over shown results: 5 skeletons in the list.
  if (search.isPending) return <Placeholders count={FIRST_LOAD_PLACEHOLDERS} />;
  if (search.isPlaceholderData) return <Placeholders count={LIST_PLACEHOLDERS} />;

  // A failed search is not an empty one: say so, with Try again (a failed Load More keeps what is shown).
  if (search.isError && providers.length === 0)
    return (
      <LoadError message={t('results.failed')} error={search.error} onRetry={() => void search.refetch()} />
    );
  if (providers.length === 0) {
    return (
      <div className="rounded-(--radius-card) border border-dashed border-line bg-surface px-6 py-14 text-center">
        <SearchXIcon className="mx-auto size-10 text-primary-300" aria-hidden="true" />
        <h2 className="mt-4 text-lg font-semibold text-ink">
          {hasText ? t('results.noServices') : t('results.noProviders')}
        </h2>
        <p className="mx-auto mt-2 max-w-md text-muted">{t('results.tryAdjusting')}</p>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted" aria-live="polite">
        {t('results.showing', { shown: providers.length, total: totalText, count: total })}
      </p>
      <h2 className="sr-only">{t('results.heading')}</h2>
      <ul ref={list} className="grid gap-4">
        {providers.map((provider, index) => (
          <li key={provider.id}>
            <ProviderCard provider={provider} eager={index < 2} />
          </li>
        ))}
      </ul>
      {search.isFetchingNextPage ? <Placeholders count={LIST_PLACEHOLDERS} withSummary={false} /> : null}
      {search.isFetchNextPageError ? (
        <LoadError message={t('results.moreFailed')} error={search.error} />
      ) : null}
      {search.hasNextPage ? (
        <div className="flex flex-col items-center gap-2 pt-2">
          <Button
            variant="outline"
            size="lg"
            onClick={() => {
              if (search.isFetchingNextPage) return;
              setFocusFrom(providers.length);
              search.fetchNextPage();
            }}
            // Not `disabled`: that would drop the focus to <body> while the page loads.
            aria-disabled={search.isFetchingNextPage || undefined}
          >
            {search.isFetchingNextPage ? t('results.loadingMore') : t('results.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
