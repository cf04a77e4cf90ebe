import { useLogout } from '../api/logout';
import { useAuthToasts } from '../lib/toasts';

/**
 * Signing out from a button, as the header, the phone menu and the profile page do: the toast says how
 * it went; `then` runs once the session has ended (the profile page goes home).
 */
export function useSignOut() {
  const authToasts = useAuthToasts();
  const logout = useLogout();
  const signOut = (then?: () => void) =>
    logout.mutate(undefined, {
      onSuccess: () => {
        authToasts.logoutSucceeded();
        then?.();
      },
      onError: (error) => authToasts.logoutFailed(error),
    });
  return { signOut, pending: logout.isPending };
}
