import { promotionsResponseSchema } from '@shared/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getPromotions({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/promotions', promotionsResponseSchema, { signal });
}

export const promotionsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/promotions'], queryFn: ({ signal }) => getPromotions({ signal }) });

export function usePromotions() {
  return useQuery(promotionsQueryOptions());
}
