/**
 * The auth feature's public face for the shell and the router. Everything heavy (forms, validation,
 * dialogs) is behind lazy boundaries: importing this module adds only the current-user query, the
 * header fragments and the guards to a page.
 *
 * The mutations (sign in, sign up, sign out) are deliberately not re-exported here, so they stay out of
 * the first page's JavaScript: import them from their files (`@/features/auth/api/login`, `.../register`,
 * `.../logout`) in lazily loaded code.
 */
export { CURRENT_USER_KEY, currentUserQueryOptions, getUser } from '@/lib/session/get-user';
export type { AuthModalProps, AuthModalTab } from './components/auth-modal';
export { HeaderAuth } from './components/header-auth';
export { AuthModal } from './components/lazy-auth-modal';
export { AuthLoading, HomeRedirect, RequireAdmin, RequireAuth } from './components/require-auth';
export { UserMenu } from './components/lazy-user-menu';
export { type CurrentUser, useCurrentUser } from '@/lib/session/use-current-user';
export { displayName, firstName, initials } from './lib/names';
export {
  homeRedirectTarget,
  // A signed-out page sends home, not to /auth (signing out, deleting the account).
  markSignedOut,
  postLoginTarget,
  REDIRECT_KEY,
  storeRedirect,
  takeRedirect,
} from './lib/redirect';
