import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadError } from '@/components/ui/list-states';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { clearSignedOutMark, homeRedirectTarget, storeRedirect, wasSignedOut } from '../lib/redirect';
import { useT } from '@/lib/i18n/i18n';

/** Shown while the current user is loading on a guarded page. */
export function AuthLoading() {
  const t = useT('shell');
  return (
    <div
      className="flex min-h-[50dvh] items-center justify-center gap-3 px-4 text-muted"
      role="status"
      aria-live="polite"
    >
      <span
        className="size-6 animate-spin rounded-full border-4 border-primary-100 border-t-primary-700 motion-reduce:animate-none"
        aria-hidden="true"
      />
      {t('loading')}
    </div>
  );
}

/**
 * The sign-in could not be checked (the server or the connection failed, not a 401): the person may
 * well be signed in, so they are told so and can try again, not sent to the sign-in page.
 */
function SessionCheckFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT('shell');
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <LoadError message={t('session.checkFailed')} error={error} onRetry={onRetry} />
    </div>
  );
}

/** Sends a visitor to /auth, remembering where they were (redirectAfterLogin); home after a sign-out. */
function SendToAuth() {
  const location = useLocation();
  const afterSignOut = wasSignedOut();
  const from = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    if (afterSignOut) clearSignedOutMark();
    else storeRedirect(from);
  }, [afterSignOut, from]);
  return <Navigate to={afterSignOut ? '/' : '/auth'} replace />;
}

/** Signed-in only: visitors go to /auth and come back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading, isError, error, retry } = useCurrentUser();
  if (isLoading) return <AuthLoading />;
  if (!user && isError) return <SessionCheckFailed error={error} onRetry={retry} />;
  if (!user) return <SendToAuth />;
  return children;
}

/** Admins only: visitors go to /auth (and back), signed-in non-admins go to /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isLoading, isAdmin, isError, error, retry } = useCurrentUser();
  if (isLoading) return <AuthLoading />;
  if (!user && isError) return <SessionCheckFailed error={error} onRetry={retry} />;
  if (!user) return <SendToAuth />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return children;
}

/**
 * The home route: partners go to /partner-dashboard, admins to /admin; everyone else
 * sees the page at once, without waiting for the user to load.
 */
export function HomeRedirect({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const target = homeRedirectTarget(user?.role);
  if (target) return <Navigate to={target} replace />;
  return children;
}
