import { reviewsResponseSchema } from '@shared/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getProviderReviews(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/providers/${id}/reviews`, reviewsResponseSchema, { signal });
}

export const providerReviewsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['/api/providers', id, 'reviews'],
    queryFn: ({ signal }) => getProviderReviews(id, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useProviderReviews(id: number) {
  return useQuery(providerReviewsQueryOptions(id));
}
