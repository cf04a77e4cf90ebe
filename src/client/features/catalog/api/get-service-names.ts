import { buildSuggestionTerms } from '@shared/domain/suggestions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The contract (and zod) loads in parallel with the request, not with the page.
const serviceNamesResponseSchema = () =>
  import('@shared/contract/catalog').then((m) => m.serviceNamesResponseSchema);

export function getServiceNames({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/service-names', serviceNamesResponseSchema, { signal });
}

/** The suggestion terms: service names plus the fixed extras, de-duplicated and alphabetical. */
export const suggestionTermsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/service-names'],
    queryFn: ({ signal }) => getServiceNames({ signal }),
    select: buildSuggestionTerms,
  });

/** `enabled` false: nothing is asked until someone is about to type. */
export function useSuggestionTerms(enabled = true) {
  return useQuery({ ...suggestionTermsQueryOptions(), enabled });
}
