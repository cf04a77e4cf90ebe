import { categoriesResponseSchema } from '@shared/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getCategories({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/categories', categoriesResponseSchema, { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/categories'], queryFn: ({ signal }) => getCategories({ signal }) });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
