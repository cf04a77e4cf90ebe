import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The contract (and zod) loads in parallel with the request, not with the page.
const reviewsResponseSchema = () => import('@shared/contract/reviews').then((m) => m.reviewsResponseSchema);

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
