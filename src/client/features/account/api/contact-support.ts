import type { SupportBody } from '@shared/contract/account';
import { messageResponseSchema } from '@shared/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Stored and e-mailed to the support address (docs/product.md §10). */
export function contactSupport(body: SupportBody) {
  return apiRequest('/api/support/contact', messageResponseSchema, { method: 'POST', body });
}

export function useContactSupport() {
  return useMutation({ mutationFn: contactSupport });
}
