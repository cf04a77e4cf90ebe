import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reviews } from '../../db/schema';

/** Reviews written for bookings (the provider's rating follows by trigger: migration 0001). */

export async function insertBookingReview(
  db: Executor,
  values: {
    providerId: number;
    userId: number;
    authorName: string;
    bookingId: number;
    rating: number;
    comment: string;
    now: Date;
  },
) {
  const [row] = await db
    .insert(reviews)
    .values({
      providerId: values.providerId,
      userId: values.userId,
      authorName: values.authorName,
      bookingId: values.bookingId,
      rating: values.rating,
      comment: values.comment,
      createdAt: values.now,
    })
    .returning();
  return row!;
}

/** The review of each of these bookings, by booking id. */
export async function reviewIdsOfBookings(db: Executor, bookingIds: readonly number[]) {
  const found = new Map<number, number>();
  if (bookingIds.length === 0) return found;
  const rows = await db
    .select({ id: reviews.id, bookingId: reviews.bookingId })
    .from(reviews)
    .where(inArray(reviews.bookingId, [...bookingIds]));
  for (const row of rows) if (row.bookingId !== null) found.set(row.bookingId, row.id);
  return found;
}

export async function findReviewOfBooking(db: Executor, bookingId: number) {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(eq(reviews.bookingId, bookingId))
    .limit(1);
  return row;
}
