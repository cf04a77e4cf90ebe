import type { UserRole } from '@shared/contract/auth';

/** Browser storage key of the path to return to after signing in (spec: redirectAfterLogin). */
export const REDIRECT_KEY = 'redirectAfterLogin';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Remembers where to go back to after signing in. Only same-site paths are kept. */
export function storeRedirect(path: string): void {
  if (!isSafePath(path)) return;
  storage()?.setItem(REDIRECT_KEY, path);
}

export function peekRedirect(): string | null {
  const value = storage()?.getItem(REDIRECT_KEY) ?? null;
  return value && isSafePath(value) ? value : null;
}

/** Reads the stored path and clears it. */
export function takeRedirect(): string | null {
  const value = peekRedirect();
  storage()?.removeItem(REDIRECT_KEY);
  return value;
}

/** A path on this site (`/profile?x=1`), never another origin (`//evil.example`) or the auth page itself. */
export function isSafePath(path: string): boolean {
  return (
    path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !path.startsWith('/auth')
  );
}

/** Where a role lands instead of the public home page: partners on their dashboard, admins on /admin. */
export function homeRedirectTarget(role: UserRole | null | undefined): string | null {
  if (role === 'partner') return '/partner-dashboard';
  if (role === 'admin') return '/admin';
  return null;
}

/** After signing in: the stored path if any, else the role's home (partner, admin), else `/`. */
export function postLoginTarget(role: UserRole | null | undefined, stored: string | null): string {
  if (stored && isSafePath(stored)) return stored;
  return homeRedirectTarget(role) ?? '/';
}

// Set when the person signs out, so a guarded page they were on sends them home, not to /auth.
let signedOut = false;

export function markSignedOut(): void {
  signedOut = true;
}

export function clearSignedOutMark(): void {
  signedOut = false;
}

export function wasSignedOut(): boolean {
  return signedOut;
}
