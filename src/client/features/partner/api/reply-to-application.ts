import { partnerStatusSchema } from '@shared/contract/partner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PARTNER_STATUS_KEY } from './get-partner-status';

const answerSchema = partnerStatusSchema.shape.application.unwrap();

/** POST /api/user/application/reply: the applicant's answer, with the stored names of more documents. */
export function replyToApplication(body: { message: string; documents: string[] }) {
  return apiRequest('/api/user/application/reply', answerSchema, { method: 'POST', body });
}

export function useReplyToApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToApplication,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PARTNER_STATUS_KEY }),
  });
}
