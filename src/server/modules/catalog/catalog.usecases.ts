import {
  PROVIDERS_DEFAULT_LIMIT,
  type Provider,
  type ProvidersQuery,
  type Review,
} from '../../../shared/contract/catalog';
import { isKnownCity } from '../../../shared/domain/ontario';
import type { Executor } from '../../db/client';
import { catalogErrors } from './catalog.errors';
import {
  findCategoryIdBySlug,
  listReviews,
  listServiceNames,
  loadProviders,
  providerExists,
} from './catalog.repository';
import { queryTerms, searchProviderIds } from './catalog.search';

export async function searchProviders(
  { db }: { db: Executor },
  query: ProvidersQuery,
): Promise<{ providers: Provider[]; total: number }> {
  const location = query.location && query.location !== 'all' ? query.location : undefined;
  if (location && !isKnownCity(location)) throw catalogErrors.unknownLocation(location);
  const categorySlug = query.category && query.category !== 'all' ? query.category : undefined;
  let categoryId: number | undefined;
  if (categorySlug) {
    categoryId = await findCategoryIdBySlug(db, categorySlug);
    if (categoryId === undefined) throw catalogErrors.unknownCategory(categorySlug);
  }
  const terms = queryTerms(query.q);
  const literal = terms.length === 0 && query.q?.trim() ? query.q.trim().slice(0, 200) : undefined;
  const page = await searchProviderIds(
    db,
    {
      terms,
      literal,
      citySlug: location,
      categoryId,
      minPriceCents: query.minPrice === undefined ? undefined : Math.round(query.minPrice * 100),
      maxPriceCents: query.maxPrice === undefined ? undefined : Math.round(query.maxPrice * 100),
      featuredOnly: query.featured === 'true',
    },
    query.sort ?? 'relevance',
    query.limit ?? PROVIDERS_DEFAULT_LIMIT,
    query.offset ?? 0,
  );
  return { providers: await loadProviders(db, page.ids), total: page.total };
}

export async function getProvider({ db }: { db: Executor }, id: number): Promise<Provider> {
  const [provider] = await loadProviders(db, [id]);
  if (!provider) throw catalogErrors.providerNotFound();
  return provider;
}

export async function getProviderReviews({ db }: { db: Executor }, id: number): Promise<Review[]> {
  if (!(await providerExists(db, id))) throw catalogErrors.providerNotFound();
  return listReviews(db, id);
}

/** Distinct service names for search suggestions; cached briefly since they change rarely. */
export function createServiceNamesCache(ttlMs = 60_000) {
  let cached: { at: number; names: Promise<string[]> } | undefined;
  return {
    get(db: Executor, now = Date.now()): Promise<string[]> {
      if (!cached || now - cached.at > ttlMs) {
        const names = listServiceNames(db);
        cached = { at: now, names };
        names.catch(() => {
          cached = undefined;
        });
      }
      return cached.names;
    },
    clear() {
      cached = undefined;
    },
  };
}
