import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The contract (and zod) loads in parallel with the request, not with the page.
const promotionsResponseSchema = () =>
  import('@shared/contract/content').then((m) => m.promotionsResponseSchema);

export function getPromotions({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/promotions', promotionsResponseSchema, { signal });
}

export const promotionsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/promotions'], queryFn: ({ signal }) => getPromotions({ signal }) });

export function usePromotions() {
  return useQuery(promotionsQueryOptions());
}
