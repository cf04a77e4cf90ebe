import { messageResponseSchema } from '@shared/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The same answer for any address, so nobody learns who has an account. */
export function forgotPassword(body: { email: string }) {
  return apiRequest('/api/forgot-password', messageResponseSchema, { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
