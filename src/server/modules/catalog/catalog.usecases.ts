import {
  PROVIDERS_DEFAULT_LIMIT,
  type Provider,
  type ProviderDetail,
  type ProvidersQuery,
} from '../../../shared/contract/catalog';
import type { Review, ReviewsQuery } from '../../../shared/contract/reviews';
import { isKnownCity } from '../../../shared/domain/ontario';
import { serviceCentsRange } from '../../../shared/domain/price-lines';
import type { DatabaseHandle, Executor } from '../../db/client';
import { listVisibleReviews, ratingHistogram } from '../reviews/reviews.read.repository';
import { catalogErrors } from './catalog.errors';
import {
  findCategoryIdBySlug,
  listCategories,
  listServiceNames,
  loadProviders,
  providerExists,
} from './catalog.repository';
import { toProvider } from './catalog.records.repository';
import { queryTerms, searchProviders as runProviderSearch } from './catalog.search.repository';

export async function searchProviders(
  { db, database }: { db: Executor; database?: Pick<DatabaseHandle, 'limitedTo' | 'kind'> },
  query: ProvidersQuery,
): Promise<{ providers: Provider[]; total: number; totalIsLowerBound: boolean }> {
  const location = query.location && query.location !== 'all' ? query.location : undefined;
  if (location && !isKnownCity(location)) throw catalogErrors.unknownLocation(location);
  const categorySlug = query.category && query.category !== 'all' ? query.category : undefined;
  const terms = queryTerms(query.q);
  // Control characters (NUL among them) can never match and cannot reach PostgreSQL.
  const cleaned = query.q?.replace(/\p{Cc}/gu, '').trim();
  const literal = terms.length === 0 && cleaned ? cleaned.slice(0, 200) : undefined;
  // The price filter is on all-in prices, as the cards show them; it grows strictly with the stored
  // service price, so it becomes the exact filter on that price and its index (docs/product.md §7).
  const servicePrices = serviceCentsRange({
    min: query.minPrice === undefined ? undefined : Math.round(query.minPrice * 100),
    max: query.maxPrice === undefined ? undefined : Math.round(query.maxPrice * 100),
  });
  const page = await runProviderSearch(
    db,
    {
      terms,
      literal,
      citySlug: location,
      categorySlug,
      minPriceCents: servicePrices.from,
      maxPriceCents: servicePrices.to,
      featuredOnly: query.featured === 'true',
      frenchOnly: query.lang === 'fr',
    },
    query.sort ?? 'relevance',
    query.limit ?? PROVIDERS_DEFAULT_LIMIT,
    query.offset ?? 0,
    // PGlite has no statement timer (docs/decisions/008, "No timer on PGlite") and plans every
    // statement anew ("The words' statements, prepared").
    { limited: database, timer: database?.kind !== 'pglite', plansOnce: database?.kind !== 'pglite' },
  );
  // An unknown category matches nothing; only then is it worth asking whether it exists.
  if (page.total === 0 && categorySlug && (await findCategoryIdBySlug(db, categorySlug)) === undefined) {
    throw catalogErrors.unknownCategory(categorySlug);
  }
  return {
    providers: page.rows.map(toProvider),
    total: page.total,
    totalIsLowerBound: page.totalIsLowerBound,
  };
}

/** One provider with the spread of its visible reviews over the stars (the same reviews its rating counts). */
export async function getProvider({ db }: { db: Executor }, id: number): Promise<ProviderDetail> {
  const [provider] = await loadProviders(db, [id]);
  if (!provider) throw catalogErrors.providerNotFound();
  return { ...provider, ratingHistogram: await ratingHistogram(db, id) };
}

export async function getProviderReviews(
  { db }: { db: Executor },
  id: number,
  query?: ReviewsQuery,
): Promise<Review[]> {
  if (!(await providerExists(db, id))) throw catalogErrors.providerNotFound();
  return listVisibleReviews(db, id, query);
}

export function categories({ db }: { db: Executor }) {
  return listCategories(db);
}

/** Distinct service names, for search suggestions. */
export function serviceNames({ db }: { db: Executor }) {
  return listServiceNames(db);
}
