import {
  type ADMIN_REVIEW_STATES,
  adminReviewSchema,
  adminReviewsResponseSchema,
  type ReviewDecision,
  type ReviewDecisionBody,
} from '@shared/contract/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type ModerationState = (typeof ADMIN_REVIEW_STATES)[number];

/** GET /api/admin/reviews?state=: reported (open reports), hidden, or all. */
export function useModerationReviews(state: ModerationState) {
  return useQuery({
    queryKey: ['/api/admin/reviews', state],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/reviews?state=${state}`, adminReviewsResponseSchema, { signal }),
  });
}

/** POST /api/admin/reviews/:id/hide|keep|restore, with the reason recorded. */
export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      body,
    }: {
      id: number;
      decision: ReviewDecision;
      body: ReviewDecisionBody;
    }) => apiRequest(`/api/admin/reviews/${id}/${decision}`, adminReviewSchema, { method: 'POST', body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/reviews'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/providers'] });
    },
  });
}
