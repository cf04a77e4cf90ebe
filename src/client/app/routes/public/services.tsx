import { useParams } from 'react-router';
import { Breadcrumbs, type Crumb } from '@/components/layout/breadcrumbs';
import { PageMeta } from '@/components/layout/page-meta';
import { useCategories } from '@/features/catalog';
import { ProviderResults } from '@/features/catalog/components/provider-results';
import { InlineSearchBar } from '@/features/catalog/components/inline-search-bar';
import { useSearchState } from '@/features/catalog/hooks/use-search-state';
import { NotFoundPage } from './not-found';
import { useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';

export function ServicesPage() {
  const t = useT('listing');
  const categoryName = useCategoryName();
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
        {t('listing.loading')}
      </p>
    );
  }
  const category =
    urlState.category === 'all'
      ? null
      : {
          slug: urlState.category,
          name: categoryName(
            urlState.category,
            categories.data?.find((c) => c.slug === urlState.category)?.name,
          ),
        };

  const title = category
    ? t('listing.categoryTitle', { category: category.name })
    : urlState.q
      ? t('listing.searchTitle', { q: urlState.q })
      : t('listing.allTitle');
  const crumbs: Crumb[] = [
    { label: t('listing.crumbHome'), to: '/' },
    category ? { label: t('listing.crumbServices'), to: '/services' } : { label: t('listing.crumbServices') },
    ...(category ? [{ label: category.name }] : []),
  ];

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 lg:px-6">
      <PageMeta
        title={title}
        description={
          category
            ? t('listing.categoryDescription', { category: category.name.toLowerCase() })
            : t('listing.allDescription')
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
