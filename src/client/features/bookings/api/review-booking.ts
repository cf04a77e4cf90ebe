import { ownReviewSchema, type ReviewBody } from '@shared/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/bookings/:id/review: a verified review of a completed booking. */
export function useReviewBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReviewBody }) =>
      apiRequest(`/api/bookings/${id}/review`, ownReviewSchema, { method: 'POST', body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/bookings'] });
      // The provider's rating, count and reviews change.
      void queryClient.invalidateQueries({ queryKey: ['/api/providers'] });
    },
  });
}
