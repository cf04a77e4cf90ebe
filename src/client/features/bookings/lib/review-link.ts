import type { CustomerBooking } from '@shared/contract/bookings';
import { REVIEW_WINDOW_DAYS } from '@shared/domain/booking-lifecycle';

/** The query parameter of the "How was it?" e-mail's link: `/bookings?review={bookingId}`. */
export const REVIEW_LINK_PARAM = 'review';

export const REVIEW_LINK_NOT_FOUND =
  'We could not find that booking in your account. Are you signed in with the e-mail address the message was sent to?';

/** A booking id as the link carries it, or null when it is not one. */
export function reviewLinkId(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * Why this booking cannot be reviewed now, in a sentence for its customer; null when it can (the
 * server's `allowedActions` decide, docs/product.md §8).
 */
export function reviewRefusal(booking: CustomerBooking): string | null {
  if (booking.allowedActions.includes('review')) return null;
  if (booking.reviewId !== null) return 'You have already reviewed this booking. Thank you!';
  if (['cancelled', 'expired', 'no_show'].includes(booking.status)) {
    return 'This booking did not take place, so it cannot be reviewed.';
  }
  if (booking.status === 'disputed')
    return 'This booking is being looked into, so it cannot be reviewed now.';
  if (booking.status !== 'completed') return 'This booking can be reviewed once it is completed.';
  return `The ${REVIEW_WINDOW_DAYS}-day window to review this booking has closed.`;
}
