import { isApiError } from '@/lib/api-client';

/** The server's sentence for people when there is one (`{ code, message }`), else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  if (error instanceof TypeError) return 'Network error - please check your connection and try again.';
  return fallback;
}
