/**
 * "This browser probably has a session". The session cookie is httpOnly, so the page cannot see it; the
 * server also sets `trillium_signed_in=1` (no secret, readable here) whenever it issues a session and
 * clears both when the session ends or turns out to be invalid. Without this hint every signed-out page
 * view would ask GET /api/user and get a 401, which browsers log as a console error. It is only a hint:
 * the server's answer always decides who is signed in.
 */
export const SESSION_HINT_COOKIE = 'trillium_signed_in';

// Reading document.cookie asks the browser process synchronously (about a millisecond on a phone), and
// every component that shows who is signed in asks during hydration: the answer is read once and kept
// until something could have changed the cookie (an API answer, our own write, the tab coming back).
let known: { document: Document; signedIn: boolean } | null = null;

export function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return false;
  if (known?.document !== document) {
    const signedIn = document.cookie.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
    known = { document, signedIn };
  }
  return known.signedIn;
}

/** The cookie may have changed (an answer from the server, another tab): read it again next time. */
export function forgetSessionHint(): void {
  known = null;
}

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  // Another tab may have signed in or out meanwhile.
  for (const event of ['focus', 'pageshow', 'visibilitychange'])
    window.addEventListener(event, forgetSessionHint);
}

/** Signing in sets the hint from the server; a 401 or signing out removes it here at once too. */
export function setSessionHint(signedIn: boolean): void {
  forgetSessionHint();
  if (signedIn || typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: clearing a non-secret hint the server also clears
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
