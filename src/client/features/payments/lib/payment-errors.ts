import { isApiError } from '@/lib/api-client';

/** The fallback when nothing more precise is known. */
export const PAYMENT_FALLBACK = 'Payment could not be processed. Please try again.';

/** The sentence to show for a failed payment step: the server's own message when it gave one. */
export function paymentErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 401) return 'Please sign in again to pay.';
    return PAYMENT_FALLBACK;
  }
  if (error instanceof Error && error.message && !error.message.startsWith('[')) return error.message;
  return PAYMENT_FALLBACK;
}
