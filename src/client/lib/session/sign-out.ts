/**
 * The sign-out on its way, if any. The session check (GET /api/user) is asked again whenever a part of
 * the page that shows who is signed in mounts; one asked while POST /api/logout is on its way reached
 * the server after the session had ended and came back 401, which the browser logs as a console error
 * (seen in the browser tests under load). A check asked meanwhile waits for the sign-out's answer
 * instead (get-user.ts).
 */
let pending: Promise<void> | null = null;

/** Marks `request` (the POST /api/logout) as the sign-out on its way until it settles; answers it. */
export function trackSignOut(request: Promise<void>): Promise<void> {
  pending = request;
  const settle = () => {
    if (pending === request) pending = null;
  };
  request.then(settle, settle);
  return request;
}

/**
 * Waits for a sign-out on its way, if any, and for its own work after its answer: then the session hint
 * says whether anyone is still signed in (get-user.ts), and the reads of personal data it drops from
 * the cache are called off (api-client.ts).
 */
export async function afterSignOut(): Promise<void> {
  if (!pending) return;
  await pending.catch(() => {});
  // The sign-out's success handler (logout.ts) runs in the promise jobs after its answer; a timer
  // comes after all of them.
  await new Promise((resolve) => setTimeout(resolve));
}
