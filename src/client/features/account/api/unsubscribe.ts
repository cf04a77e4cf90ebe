import { unsubscribedSchema } from '@shared/contract/privacy';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/unsubscribe: the token of a promotional e-mail's link; works signed out. */
export function unsubscribe(token: string) {
  return apiRequest('/api/unsubscribe', unsubscribedSchema, { method: 'POST', body: { token } });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
