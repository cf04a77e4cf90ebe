import { useParams } from 'react-router';
import { Breadcrumbs, type Crumb } from '@/components/layout/breadcrumbs';
import { PageMeta } from '@/components/layout/page-meta';
import { useCategories } from '@/features/catalog';
import { ProviderResults } from '@/features/catalog/components/provider-results';
import { InlineSearchBar } from '@/features/catalog/components/inline-search-bar';
import { useSearchState } from '@/features/catalog/hooks/use-search-state';
import { NotFoundPage } from './not-found';

function titleCase(slug: string): string {
  return slug.replace(/(^|-)([a-z])/g, (_m, sep: string, ch: string) => (sep ? ' ' : '') + ch.toUpperCase());
}

export function ServicesPage() {
  const { urlState, query, draft, setDraft, apply, reset } = useSearchState();
  const categories = useCategories();
  // `/services/{slug}` of no category is not a page (the server answers it 404 too).
  const pathCategory = useParams().category?.trim().toLowerCase();
  if (pathCategory && categories.isSuccess && !categories.data.some((c) => c.slug === pathCategory)) {
    return <NotFoundPage />;
  }
  // Until the categories are known, a category's listing is not searched (it may be no category).
  if (pathCategory && categories.isPending) {
    return (
      <p role="status" className="mx-auto max-w-5xl px-4 py-16 text-center text-muted">
        Loading...
      </p>
    );
  }
  const category =
    urlState.category === 'all'
      ? null
      : {
          slug: urlState.category,
          name:
            categories.data?.find((c) => c.slug === urlState.category)?.name ?? titleCase(urlState.category),
        };

  const title = category
    ? `${category.name} Services`
    : urlState.q
      ? `Search Results for "${urlState.q}"`
      : 'All Services';
  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    category ? { label: 'Services', to: '/services' } : { label: 'Services' },
    ...(category ? [{ label: category.name }] : []),
  ];

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 lg:px-6">
      <PageMeta
        title={title}
        description={
          category
            ? `Compare and book trusted ${category.name.toLowerCase()} professionals across Ontario on Trillium.`
            : 'Search, compare and book trusted local service professionals across Ontario on Trillium.'
        }
      />
      <Breadcrumbs items={crumbs} />
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
      <div className="sticky top-14 z-30 -mx-4 mt-4 bg-canvas/95 px-4 py-2 backdrop-blur md:static md:mx-0 md:bg-transparent md:px-0 md:backdrop-blur-none">
        <InlineSearchBar draft={draft} onDraftChange={setDraft} onApply={apply} onReset={reset} />
      </div>
      <div className="mt-6">
        <ProviderResults query={query} hasText={urlState.q.length > 0} />
      </div>
    </div>
  );
}
