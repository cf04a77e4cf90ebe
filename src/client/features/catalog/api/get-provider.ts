import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest, isApiError } from '@/lib/api-client';

// The contract (and zod) loads in parallel with the request, not with the page.
const providerDetailSchema = () => import('@shared/contract/catalog').then((m) => m.providerDetailSchema);

export function getProvider(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/providers/${id}`, providerDetailSchema, { signal });
}

/** Spec: cached 5 minutes, kept 10, one retry (none for a missing provider), no refetch on focus. */
export const providerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['/api/providers', id],
    queryFn: ({ signal }) => getProvider(id, { signal }),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: (failures, error) => failures < 1 && !(isApiError(error) && error.status < 500),
    refetchOnWindowFocus: false,
    enabled: Number.isInteger(id) && id > 0,
  });

export function useProvider(id: number) {
  return useQuery(providerQueryOptions(id));
}
