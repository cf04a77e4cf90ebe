import { type EmailChangeBody, emailChangedSchema, pendingEmailSchema } from '@shared/contract/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@/lib/session/get-user';
import { apiCommand, apiRequest } from '@/lib/api-client';

/** Changing the account's e-mail: ask (with the password), see or cancel what waits, the two links. */

const PENDING_KEY = ['/api/user/email-change'] as const;

export function usePendingEmailChange() {
  return useQuery({
    queryKey: PENDING_KEY,
    queryFn: ({ signal }) => apiRequest('/api/user/email-change', pendingEmailSchema, { signal }),
  });
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailChangeBody) =>
      apiRequest('/api/user/email-change', pendingEmailSchema, { method: 'POST', body }),
    onSuccess: (pending) => queryClient.setQueryData(PENDING_KEY, pending),
  });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCommand('/api/user/email-change', { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(PENDING_KEY, { pendingEmail: null }),
  });
}

/** The link to the new address, or "this wasn't me" from the old one. */
export function useEmailChangeLink(kind: 'confirm' | 'revert') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(`/api/user/email-change/${kind}`, emailChangedSchema, { method: 'POST', body: { token } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      void queryClient.invalidateQueries({ queryKey: PENDING_KEY });
    },
  });
}
