import { type ReportReviewBody, reportReviewResponseSchema } from '@shared/contract/reviews';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/reviews/:id/report: once per person (a second report counts once). */
export function useReportReview() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReportReviewBody }) =>
      apiRequest(`/api/reviews/${id}/report`, reportReviewResponseSchema, { method: 'POST', body }),
  });
}
