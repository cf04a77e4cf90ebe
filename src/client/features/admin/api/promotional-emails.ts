import {
  type PromotionalEmailBody,
  promotionalEmailSentSchema,
  promotionalEmailsSchema,
} from '@shared/contract/privacy';
import { promotionsResponseSchema } from '@shared/contract/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const PROMOTIONAL_EMAILS_KEY = ['/api/admin/promotional-emails'] as const;

/** How many people opted in to promotional e-mail, and the last ones sent. */
export function usePromotionalEmails() {
  return useQuery({
    queryKey: PROMOTIONAL_EMAILS_KEY,
    queryFn: ({ signal }) => apiRequest('/api/admin/promotional-emails', promotionalEmailsSchema, { signal }),
  });
}

/** The current promotions, to announce one (GET /api/promotions, the same list the Promotions page shows). */
export function useCurrentPromotions() {
  return useQuery({
    queryKey: ['/api/promotions'],
    queryFn: ({ signal }) => apiRequest('/api/promotions', promotionsResponseSchema, { signal }),
  });
}

/** Sends a promotional e-mail to everyone who opted in (queued at once; the answer says to how many). */
export function useSendPromotionalEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionalEmailBody) =>
      apiRequest('/api/admin/promotional-emails', promotionalEmailSentSchema, { method: 'POST', body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PROMOTIONAL_EMAILS_KEY }),
  });
}
