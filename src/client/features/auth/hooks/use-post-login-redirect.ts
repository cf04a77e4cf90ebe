import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { postLoginTarget, takeRedirect } from '../lib/redirect';
import { useCurrentUser } from '@/lib/session/use-current-user';

/**
 * On /auth: once there is a signed-in user (just signed in or up, or arriving signed in), go to the stored
 * redirectAfterLogin path (and clear it), else partners to /partner-dashboard, admins to /admin, others to /.
 */
export function usePostLoginRedirect({ enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useCurrentUser();
  const role = user?.role;
  const navigate = useNavigate();
  // Decided once: the stored path is read and cleared the first time only.
  const target = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled || !role) return;
    target.current ??= postLoginTarget(role, takeRedirect());
    const destination = target.current;
    // docs/product.md §14: a short pause (100 ms) so the welcome toast is seen as the page changes.
    const timer = window.setTimeout(() => navigate(destination, { replace: true }), 100);
    return () => window.clearTimeout(timer);
  }, [enabled, role, navigate]);
}
