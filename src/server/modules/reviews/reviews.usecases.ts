import type { User } from '../../../shared/contract/auth';
import type { ReviewBody } from '../../../shared/contract/bookings';
import type { Review } from '../../../shared/contract/catalog';
import { canReview, REVIEW_WINDOW_DAYS } from '../../../shared/domain/booking-lifecycle';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { bookingErrors } from '../bookings/bookings.errors';
import { findScopedBooking } from '../bookings/bookings.views.repository';
import type { CatalogCache } from '../catalog/catalog.cache';
import { refreshSearchDocuments } from '../catalog/catalog.search.repository';
import { reviewErrors } from './reviews.errors';
import { findReviewOfBooking, insertBookingReview } from './reviews.repository';

/**
 * Verified reviews (docs/product.md §8): only the customer of a completed booking writes one, once,
 * within 14 days of completion. The provider's rating and count follow in the same transaction (a
 * trigger), and the catalog's cache is emptied so search ranks by the new numbers at once.
 */

type Deps = { db: Database; clock: Clock; catalogCache: CatalogCache };

export async function reviewBooking(
  deps: Deps,
  user: User,
  bookingId: number,
  body: ReviewBody,
): Promise<Review> {
  const booking = await findScopedBooking(deps.db, bookingId, { customerId: user.id });
  if (!booking) throw bookingErrors.notFound();
  if (booking.status !== 'completed') throw reviewErrors.notAllowed();
  if (await findReviewOfBooking(deps.db, booking.id)) throw reviewErrors.alreadyReviewed();
  const now = deps.clock.now();
  if (!canReview({ status: booking.status, completedAt: booking.completedAt, reviewed: false }, now))
    throw reviewErrors.windowClosed(REVIEW_WINDOW_DAYS);
  let row: Awaited<ReturnType<typeof insertBookingReview>>;
  try {
    row = await deps.db.transaction(async (tx) => {
      const review = await insertBookingReview(tx, {
        providerId: booking.providerId,
        userId: user.id,
        authorName: user.fullName,
        bookingId: booking.id,
        rating: Number(body.rating),
        comment: String(body.comment).trim(),
        now,
      });
      await refreshSearchDocuments(tx, [booking.providerId]);
      return review;
    });
  } catch (error) {
    // Two submissions at once: the database keeps one review per booking.
    if (isUniqueViolation(error)) throw reviewErrors.alreadyReviewed();
    throw error;
  }
  deps.catalogCache.invalidate();
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    bookingId: row.bookingId,
    verified: true,
    photos: row.photos,
    videos: row.videos,
    user: { fullName: row.authorName },
  };
}
