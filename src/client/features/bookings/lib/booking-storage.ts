import { BOOKING_DRAFT_KEY } from './booking-draft';
import { REDIRECT_KEY, storeRedirect } from '@/features/auth';

/** Every key a booking in progress may be kept under. */
export const BOOKING_STORAGE_KEYS = [BOOKING_DRAFT_KEY, 'pendingBooking', 'trillium_booking_data'] as const;

/** Remembers where a signed-out customer returns after signing in (redirectAfterLogin). */
export function rememberRedirectAfterLogin(path: string): void {
  storeRedirect(path);
}

/** True (and the marker cleared) when the stored return path is `path`: the service page then reopens its dialog. */
export function consumeRedirectAfterLogin(path: string): boolean {
  try {
    if (localStorage.getItem(REDIRECT_KEY) !== path) return false;
    localStorage.removeItem(REDIRECT_KEY);
    return true;
  } catch {
    return false;
  }
}

/** After a confirmed payment: the booking in progress is done. */
export function clearStoredBooking(): void {
  try {
    for (const key of BOOKING_STORAGE_KEYS) localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
