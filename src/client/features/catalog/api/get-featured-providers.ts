import type { Provider } from '@shared/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The contract (and zod) loads in parallel with the request, not with the page.
const providersResponseSchema = () =>
  import('@shared/contract/catalog').then((m) => m.providersResponseSchema);

export const TOP_PROVIDERS_COUNT = 10;

/** Spreads providers across categories: the first of each category, then the second, up to `count`. */
export function spreadAcrossCategories(
  providers: readonly Provider[],
  count = TOP_PROVIDERS_COUNT,
): Provider[] {
  const byCategory = new Map<number, Provider[]>();
  for (const provider of providers) {
    const list = byCategory.get(provider.categoryId) ?? [];
    list.push(provider);
    byCategory.set(provider.categoryId, list);
  }
  const picked: Provider[] = [];
  for (let round = 0; picked.length < count; round++) {
    let added = false;
    for (const list of byCategory.values()) {
      const provider = list[round];
      if (!provider) continue;
      added = true;
      picked.push(provider);
      if (picked.length >= count) break;
    }
    if (!added) break;
  }
  return picked;
}

export function getFeaturedProviders({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/providers?featured=true&limit=50', providersResponseSchema, { signal });
}

export const featuredProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/providers', 'featured'],
    queryFn: ({ signal }) => getFeaturedProviders({ signal }),
    select: (providers) => spreadAcrossCategories(providers),
  });

export function useFeaturedProviders() {
  return useQuery(featuredProvidersQueryOptions());
}
