import type { User } from '@shared/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';
import { hasSessionHint, setSessionHint } from '@/lib/session/session-hint';
import { afterSignOut } from '@/lib/session/sign-out';

export const CURRENT_USER_KEY = ['/api/user'] as const;

/**
 * The signed-in user, or null when signed out (a 401 means "no user", not an error). A browser that has
 * not signed in here is known to be signed out without asking (see session-hint.ts).
 */
export async function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  // Asked while signing out: the sign-out's answer decides (asking now would come back 401).
  await afterSignOut();
  if (!hasSessionHint()) return null;
  // The contract (and its password policy) loads only for people who may be signed in: a visitor's
  // first page does not carry it.
  const { userSchema } = await import('@shared/contract/auth');
  try {
    const user = await apiRequest('/api/user', userSchema, { signal });
    setSessionHint(true);
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      setSessionHint(false);
      return null;
    }
    throw error;
  }
}

/** docs/product.md §14: never cached; refetched on mount, on window focus and on reconnect. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => getUser({ signal }),
    // A browser that never signed in here is signed out at once: no placeholder, no flash in the header.
    initialData: () => (hasSessionHint() ? undefined : null),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
    retry: false,
  });

export function useUserQuery() {
  return useQuery(currentUserQueryOptions());
}
