import { BOOKING_DRAFT_KEY } from './booking-draft';
import { REDIRECT_KEY, storeRedirect } from '@/features/auth';

/** Every key a booking in progress may be kept under. */
export const BOOKING_STORAGE_KEYS = [BOOKING_DRAFT_KEY, 'pendingBooking', 'trillium_booking_data'] as const;

/**
 * The booking a signed-out customer started, to reopen when they come back signed in. Kept apart from
 * redirectAfterLogin, which the sign-in page reads and clears on its way back (so the service page never
 * saw it and a customer had to press Book Now again); it lapses after half an hour, so a sign-in
 * abandoned today does not open a booking on a later visit.
 */
const REOPEN_KEY = 'trillium_reopen_booking';
const REOPEN_MS = 30 * 60_000;

/** Remembers where a signed-out customer returns after signing in (redirectAfterLogin), and to reopen its booking. */
export function rememberRedirectAfterLogin(path: string): void {
  storeRedirect(path);
  try {
    localStorage.setItem(REOPEN_KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // No storage: the customer presses Book Now again.
  }
}

/** True (and the markers cleared) when a booking started at `path` is to reopen: the service page then reopens its dialog. */
export function consumeRedirectAfterLogin(path: string): boolean {
  try {
    const marker = readMarker(localStorage.getItem(REOPEN_KEY));
    const fresh = marker?.path === path && Date.now() - marker.at < REOPEN_MS;
    if (fresh || !marker) localStorage.removeItem(REOPEN_KEY);
    const stored = localStorage.getItem(REDIRECT_KEY) === path;
    if (stored) localStorage.removeItem(REDIRECT_KEY);
    return fresh || stored;
  } catch {
    return false;
  }
}

function readMarker(raw: string | null): { path: string; at: number } | null {
  try {
    const marker = raw ? (JSON.parse(raw) as { path?: unknown; at?: unknown }) : null;
    return typeof marker?.path === 'string' && typeof marker.at === 'number'
      ? { path: marker.path, at: marker.at }
      : null;
  } catch {
    return null;
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
