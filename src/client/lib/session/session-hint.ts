/**
 * "This browser probably has a session". The session cookie is httpOnly, so the page cannot see it; the
 * server also sets `trillium_signed_in=1` (no secret, readable here) whenever it issues a session and
 * clears both when the session ends or turns out to be invalid. Without this hint every signed-out page
 * view would ask GET /api/user and get a 401, which browsers log as a console error. It is only a hint:
 * the server's answer always decides who is signed in.
 */
export const SESSION_HINT_COOKIE = 'trillium_signed_in';

export function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/** Signing in sets the hint from the server; a 401 or signing out removes it here at once too. */
export function setSessionHint(signedIn: boolean): void {
  if (signedIn || typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: clearing a non-secret hint the server also clears
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
