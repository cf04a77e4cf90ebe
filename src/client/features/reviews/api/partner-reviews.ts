import {
  partnerReviewSchema,
  partnerReviewsResponseSchema,
  type ReviewReplyBody,
} from '@shared/contract/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const PARTNER_REVIEWS_KEY = ['/api/partner/reviews'] as const;

/** GET /api/partner/reviews: the listing's reviews, newest first, the unanswered marked. */
export function usePartnerReviews() {
  return useQuery({
    queryKey: PARTNER_REVIEWS_KEY,
    queryFn: ({ signal }) => apiRequest('/api/partner/reviews', partnerReviewsResponseSchema, { signal }),
    retry: 1,
  });
}

/** POST /api/partner/reviews/:id/reply: posts the one public reply, or changes it. */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReviewReplyBody }) =>
      apiRequest(`/api/partner/reviews/${id}/reply`, partnerReviewSchema, { method: 'POST', body }),
    onSuccess: (review) =>
      queryClient.setQueryData(PARTNER_REVIEWS_KEY, (list: (typeof review)[] | undefined) =>
        list?.map((item) => (item.id === review.id ? review : item)),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PARTNER_REVIEWS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/providers'] });
    },
  });
}
