import type { CustomerBooking } from '@shared/contract/bookings';
import { REVIEW_WINDOW_DAYS } from '@shared/domain/booking-lifecycle';

/** The query parameter of the "How was it?" e-mail's link: `/bookings?review={bookingId}`. */
export const REVIEW_LINK_PARAM = 'review';

/** A booking id as the link carries it, or null when it is not one. */
export function reviewLinkId(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** Why a review link opens no review, as a message of the `mybookings` catalog. */
export type ReviewLinkNotice =
  | { key: 'link.notFound' | 'link.loadFailed' | ReviewRefusal; values?: undefined }
  | { key: 'link.windowClosed'; values: { days: number } };

type ReviewRefusal = 'link.alreadyReviewed' | 'link.didNotTakePlace' | 'link.disputed' | 'link.notCompleted';

/**
 * Why this booking cannot be reviewed now, as a message for its customer; null when it can (the
 * server's `allowedActions` decide, docs/product.md §8).
 */
export function reviewRefusal(booking: CustomerBooking): ReviewLinkNotice | null {
  if (booking.allowedActions.includes('review')) return null;
  if (booking.reviewId !== null) return { key: 'link.alreadyReviewed' };
  if (['cancelled', 'expired', 'no_show'].includes(booking.status)) return { key: 'link.didNotTakePlace' };
  if (booking.status === 'disputed') return { key: 'link.disputed' };
  if (booking.status !== 'completed') return { key: 'link.notCompleted' };
  return { key: 'link.windowClosed', values: { days: REVIEW_WINDOW_DAYS } };
}
