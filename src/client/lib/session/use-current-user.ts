import type { User } from '@shared/contract/auth';
import { useUserQuery } from '@/lib/session/get-user';

export type CurrentUser = {
  /** The signed-in user; null when signed out; undefined while the first answer is awaited. */
  user: User | null | undefined;
  isLoading: boolean;
  isSignedIn: boolean;
  isAdmin: boolean;
  isPartner: boolean;
  /** The first answer failed (network or 5xx); a 401 is not an error, it means signed out. */
  isError: boolean;
  error: unknown;
  /** Asks again (after a failed answer). */
  retry: () => void;
};

/** The current user, refetched on mount, focus and reconnect (never cached). */
export function useCurrentUser(): CurrentUser {
  const query = useUserQuery();
  const user = query.data;
  return {
    user: query.isError && user === undefined ? null : user,
    isLoading: query.isPending && !query.isError,
    isSignedIn: Boolean(user),
    isAdmin: user?.role === 'admin',
    isPartner: user?.role === 'partner',
    isError: query.isError,
    error: query.error,
    retry: () => void query.refetch(),
  };
}
