import type { User } from '../../../shared/contract/auth';
import {
  type OwnReview,
  REVIEW_EDIT_HOURS,
  type ReviewBody,
  type ReviewEditBody,
} from '../../../shared/contract/reviews';
import { canReview, REVIEW_WINDOW_DAYS } from '../../../shared/domain/booking-lifecycle';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { bookingErrors } from '../bookings/bookings.errors';
import { findScopedBooking } from '../bookings/bookings.views.repository';
import type { CatalogCache } from '../catalog/catalog.cache';
import { reviewErrors } from './reviews.errors';
import { reviewPhotoUrl } from './reviews.photos';
import { toReview, type ReviewRow } from './reviews.read.repository';
import {
  claimReviewPhotos,
  findOwnReview,
  findReviewOfBooking,
  insertBookingReview,
  lockReview,
  updateReviewContent,
} from './reviews.repository';

/**
 * Verified reviews (docs/product.md §8): only the customer of a completed booking writes one, once,
 * within 14 days of completion, and may change its rating and comment for 48 hours. The provider's
 * rating and count follow in the same transaction (a trigger over visible reviews), and the catalog's
 * cache is emptied so search ranks by the new numbers at once.
 */

export type ReviewDeps = { db: Database; clock: Clock; catalogCache: CatalogCache };

const EDIT_MS = REVIEW_EDIT_HOURS * 3_600_000;

export function toOwnReview(row: ReviewRow): OwnReview {
  return {
    ...toReview(row),
    providerId: row.providerId,
    editableUntil: new Date(row.createdAt.getTime() + EDIT_MS).toISOString(),
    hidden: row.hiddenAt !== null,
  };
}

async function ownReview(deps: Pick<ReviewDeps, 'db'>, user: User, id: number): Promise<OwnReview> {
  const row = await findOwnReview(deps.db, id, user.id);
  if (!row) throw reviewErrors.notFound();
  return toOwnReview(row);
}

export async function reviewBooking(
  deps: ReviewDeps,
  user: User,
  bookingId: number,
  body: ReviewBody,
): Promise<OwnReview> {
  // Another customer's booking is the same 404 as a missing one (docs/product.md §3).
  const booking = await findScopedBooking(deps.db, bookingId, { customerId: user.id });
  if (!booking) throw bookingErrors.notFound();
  if (booking.status !== 'completed') throw reviewErrors.notAllowed();
  if (await findReviewOfBooking(deps.db, booking.id)) throw reviewErrors.alreadyReviewed();
  const now = deps.clock.now();
  if (!canReview({ status: booking.status, completedAt: booking.completedAt, reviewed: false }, now))
    throw reviewErrors.windowClosed(REVIEW_WINDOW_DAYS);
  const photos = body.photos ?? [];
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const reviewId = await insertBookingReview(tx, {
        providerId: booking.providerId,
        userId: user.id,
        authorName: user.fullName,
        bookingId: booking.id,
        rating: Number(body.rating),
        comment: String(body.comment).trim(),
        photos: photos.map(reviewPhotoUrl),
        now,
      });
      // Only the author's own, unused uploads: anything else undoes the review.
      const claimed = await claimReviewPhotos(tx, { filenames: photos, userId: user.id, reviewId });
      if (claimed !== photos.length) throw reviewErrors.unknownPhoto();
      return reviewId;
    });
  } catch (error) {
    // Two submissions at once: the database keeps one review per booking.
    if (isUniqueViolation(error)) throw reviewErrors.alreadyReviewed();
    throw error;
  }
  deps.catalogCache.invalidate();
  return ownReview(deps, user, id);
}

/** The author's review, with until when it can be changed; anyone else's is a 404. */
export function getOwnReview(deps: Pick<ReviewDeps, 'db'>, user: User, id: number): Promise<OwnReview> {
  return ownReview(deps, user, id);
}

/** The author changes the rating and comment within 48 hours of posting; the review then says "Edited". */
export async function editReview(
  deps: ReviewDeps,
  user: User,
  id: number,
  body: ReviewEditBody,
): Promise<OwnReview> {
  const rating = Number(body.rating);
  const comment = String(body.comment).trim();
  const changed = await deps.db.transaction(async (tx) => {
    const row = await lockReview(tx, id);
    if (!row || row.userId !== user.id) throw reviewErrors.notFound();
    if (row.hiddenAt) throw reviewErrors.hidden();
    const now = deps.clock.now();
    if (now.getTime() - row.createdAt.getTime() > EDIT_MS) throw reviewErrors.editWindowClosed();
    const current = await findOwnReview(tx, id, user.id);
    if (current && current.rating === rating && current.comment === comment) return false;
    await updateReviewContent(tx, id, { rating, comment, editedAt: now });
    return true;
  });
  if (changed) deps.catalogCache.invalidate();
  return ownReview(deps, user, id);
}
