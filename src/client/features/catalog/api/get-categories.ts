import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The contract (and zod) loads in parallel with the request, not with the page.
const categoriesResponseSchema = () =>
  import('@shared/contract/catalog').then((m) => m.categoriesResponseSchema);

export function getCategories({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/categories', categoriesResponseSchema, { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/categories'], queryFn: ({ signal }) => getCategories({ signal }) });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
