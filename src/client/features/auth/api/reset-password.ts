import { messageResponseSchema } from '@shared/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordBodySchema } from '@shared/contract/auth';
import { apiRequest } from '@/lib/api-client';

export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export function resetPassword(body: ResetPasswordBody) {
  return apiRequest('/api/reset-password', messageResponseSchema, { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
