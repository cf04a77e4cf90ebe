import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '@/lib/api-client';

// The contract (and zod) loads in parallel with the request, not with the page.
const providersResponseSchema = () =>
  import('@shared/contract/catalog').then((m) => m.providersResponseSchema);

/** Each Load More asks the server for the next 6 (spec: visible count starts at 6 and grows by 6). */
export const LISTING_PAGE_SIZE = 6;

export type ProvidersPage = Awaited<ReturnType<typeof searchProviders>>;

/** One page of the listing; `query` is the listing's meaningful parameters (buildSearchQuery). */
export async function searchProviders({
  query,
  offset,
  limit = LISTING_PAGE_SIZE,
  signal,
}: {
  query: string;
  offset: number;
  limit?: number;
  signal?: AbortSignal;
}) {
  const params = new URLSearchParams(query);
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  const { data, headers } = await apiRequestWithHeaders(`/api/providers?${params}`, providersResponseSchema, {
    signal,
  });
  const total = Number(headers.get('X-Total-Count'));
  return {
    providers: data,
    total: Number.isFinite(total) ? total : data.length,
    // "100+": a broad search is counted up to 100.
    totalIsLowerBound: headers.get('X-Total-Count-Is-Lower-Bound') === 'true',
    offset,
  };
}

export const providerSearchQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/providers', 'search', query],
    queryFn: ({ pageParam, signal }) => searchProviders({ query, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: (last: ProvidersPage) => {
      const next = last.offset + last.providers.length;
      return last.providers.length > 0 && (next < last.total || last.totalIsLowerBound) ? next : undefined;
    },
    staleTime: 2 * 60_000,
    gcTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export function useProviderSearch(query: string) {
  return useInfiniteQuery(providerSearchQueryOptions(query));
}
