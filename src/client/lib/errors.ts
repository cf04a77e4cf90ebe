import { isApiError } from '@/lib/api-client';

let networkError = 'Network error - please check your connection and try again.';

/** The page's language's words for a lost connection (main.tsx sets them once its catalog is loaded). */
export function setNetworkErrorMessage(text: string): void {
  networkError = text;
}

/**
 * The server's sentence for people when there is one (`{ code, message }`, in the page's language: the
 * API client asks for it), else the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  if (error instanceof TypeError) return networkError;
  return fallback;
}
