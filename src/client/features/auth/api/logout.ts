import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCommand } from '@/lib/api-client';
import { markSignedOut } from '../lib/redirect';
import { setSessionHint } from '@/lib/session/session-hint';
import { CURRENT_USER_KEY } from '@/lib/session/get-user';
import { trackSignOut } from '@/lib/session/sign-out';

export function logout(): Promise<void> {
  return trackSignOut(apiCommand('/api/logout', { method: 'POST' }));
}

const PUBLIC_KEYS = new Set(['/api/categories', '/api/providers', '/api/promotions', '/api/announcements']);

/** Data that belongs to the signed-in person (bookings, preferences, ...) and must go at sign-out. */
export function isPersonalQuery(queryKey: QueryKey): boolean {
  const [first] = queryKey;
  if (typeof first !== 'string') return false;
  return first !== CURRENT_USER_KEY[0] && !PUBLIC_KEYS.has(first);
}

/** Signs out: the current user becomes null and personal data is dropped from the cache. */
export function useLogout() {
  return useMutation(signOutOptions(useQueryClient()));
}

/**
 * The sign-out's mutation. Dropping the personal queries calls off their reads; one started during the
 * sign-out waits for it in api-client.ts, so it is called off before it is sent.
 */
export function signOutOptions(queryClient: QueryClient) {
  const personal = { predicate: (query: { queryKey: QueryKey }) => isPersonalQuery(query.queryKey) };
  return {
    mutationFn: logout,
    // A personal request still on its way (the notifications' poll) would reach the server after the
    // session ended and come back 401: it is called off first.
    onMutate: () => queryClient.cancelQueries(personal),
    onSuccess: () => {
      markSignedOut();
      setSessionHint(false);
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      queryClient.removeQueries(personal);
    },
  };
}
