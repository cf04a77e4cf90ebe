import type { ChangePasswordBody } from '@shared/contract/account';
import { messageResponseSchema } from '@shared/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Ends the other sessions and e-mails a confirmation; 400 auth.wrong_current_password on a wrong current one. */
export function changePassword(body: ChangePasswordBody) {
  return apiRequest('/api/user/change-password', messageResponseSchema, { method: 'PUT', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
