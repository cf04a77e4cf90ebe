import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';

/** The fallback when nothing more precise is known. */
export const PAYMENT_FALLBACK = 'Payment could not be processed. Please try again.';

/**
 * The sentence to show for a failed payment step: the server's own message when it gave one, the lost
 * connection's sentence, else the fallback. Never an exception's own text ("Failed to fetch", a JSON
 * parser's complaint): that is no sentence for a customer, nor in their language.
 */
export function paymentErrorMessage(error: unknown): string {
  if (isApiError(error) && !error.serverMessage && error.status === 401)
    return 'Please sign in again to pay.';
  return errorMessage(error, PAYMENT_FALLBACK);
}
