import { ownReviewSchema, type ReviewEditBody } from '@shared/contract/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const ownReviewKey = (id: number) => ['/api/reviews', id] as const;

/** GET /api/reviews/:id: the signed-in author's review, with until when it can be changed. */
export function useOwnReview(id: number | null) {
  return useQuery({
    queryKey: ownReviewKey(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/api/reviews/${id}`, ownReviewSchema, { signal }),
    enabled: id !== null,
  });
}

/** PUT /api/reviews/:id: a new rating and comment within 48 hours of posting. */
export function useEditReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReviewEditBody }) =>
      apiRequest(`/api/reviews/${id}`, ownReviewSchema, { method: 'PUT', body }),
    onSuccess: (review) => queryClient.setQueryData(ownReviewKey(review.id), review),
    onSettled: () => {
      // The provider's rating, histogram and reviews change.
      void queryClient.invalidateQueries({ queryKey: ['/api/providers'] });
    },
  });
}
