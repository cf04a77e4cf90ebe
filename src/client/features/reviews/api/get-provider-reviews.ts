import type { ReviewSort } from '@shared/contract/reviews';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The contract (and zod) loads in parallel with the request, not with the page.
const reviewsResponseSchema = () => import('@shared/contract/reviews').then((m) => m.reviewsResponseSchema);

/** Reviews a page shows at once; "Show more reviews" asks for the next ones. */
export const REVIEWS_PAGE_SIZE = 10;

export type ReviewFilter = { sort: ReviewSort; rating?: number };

export function getProviderReviews(
  id: number,
  query: ReviewFilter & { limit: number; offset: number },
  { signal }: { signal?: AbortSignal } = {},
) {
  const params = new URLSearchParams({
    sort: query.sort,
    limit: String(query.limit),
    offset: String(query.offset),
  });
  if (query.rating !== undefined) params.set('rating', String(query.rating));
  return apiRequest(`/api/providers/${id}/reviews?${params}`, reviewsResponseSchema, { signal });
}

/**
 * GET /api/providers/:id/reviews, a page at a time (the first page is pre-rendered with the provider).
 * Each page asks for one review more than it shows: that one says whether there is a next page.
 */
export const providerReviewsQueryOptions = (id: number, filter: ReviewFilter = { sort: 'recent' }) =>
  infiniteQueryOptions({
    queryKey: ['/api/providers', id, 'reviews', filter],
    queryFn: ({ pageParam, signal }) =>
      getProviderReviews(id, { ...filter, limit: REVIEWS_PAGE_SIZE + 1, offset: pageParam }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length > REVIEWS_PAGE_SIZE ? pages.length * REVIEWS_PAGE_SIZE : undefined,
    select: (data) => data.pages.flatMap((page) => page.slice(0, REVIEWS_PAGE_SIZE)),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useProviderReviews(id: number, filter: ReviewFilter) {
  return useInfiniteQuery(providerReviewsQueryOptions(id, filter));
}
