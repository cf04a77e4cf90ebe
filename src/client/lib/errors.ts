import { isApiError } from '@/lib/api-client';

let networkError = 'Network error - please check your connection and try again.';
let unavailableError = 'Trillium is not answering right now. Please try again in a moment.';

/**
 * The page's language's words for a lost connection and for a server that does not answer (main.tsx
 * sets them once its catalog is loaded).
 */
export function setErrorMessages(texts: { network: string; unavailable: string }): void {
  networkError = texts.network;
  unavailableError = texts.unavailable;
}

/**
 * The server's sentence for people when there is one (`{ code, message }`, in the page's language: the
 * API client asks for it); for a lost connection, or a server that did not answer (a proxy's 502, 503
 * or 504 page), what happened; else the screen's fallback. A 503 is never "check your password".
 */
export function errorMessage(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || loadErrorMessage(error, fallback);
}

/**
 * Why a screen's data did not load: the lost connection or the server that did not answer when that is
 * what happened, else the screen's own sentence ("Applications could not be loaded."), which says more
 * than a server's general 500 message.
 */
export function loadErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof TypeError) return networkError;
  if (isApiError(error) && [502, 503, 504].includes(error.status)) return unavailableError;
  return fallback;
}
