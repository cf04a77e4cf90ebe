import { messageResponseSchema } from '@shared/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { testEmailBodySchema } from '@shared/contract/account';
import { apiRequest } from '@/lib/api-client';

export type TestEmailBody = z.input<typeof testEmailBodySchema>;

/** Admins only (docs/product.md §12): 202 once the message is in the outbox; 403 for anyone else. */
export function sendTestEmail(body: TestEmailBody) {
  return apiRequest('/api/test/email', messageResponseSchema, { method: 'POST', body });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
