import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const SAVED_SERVICES_KEY = ['/api/saved-services'] as const;

// The contract (and zod) loads with the request, which only a signed-in person makes: every provider
// card shows a save button, and a visitor's page must not build these schemas while it hydrates.
const savedServicesResponseSchema = () =>
  import('@shared/contract/saved').then((m) => m.savedServicesResponseSchema);

export function getSavedServices({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/saved-services', savedServicesResponseSchema, { signal });
}

export const savedServicesQueryOptions = () =>
  queryOptions({
    queryKey: SAVED_SERVICES_KEY,
    queryFn: ({ signal }) => getSavedServices({ signal }),
    staleTime: 60_000,
  });

/** The signed-in user's saved providers (only asked for when signed in: signed out it is a 401). */
export function useSavedServices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...savedServicesQueryOptions(), enabled });
}
