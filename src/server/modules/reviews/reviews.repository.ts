import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { providers, reviewPhotos, reviews, users } from '../../db/schema';
import { findReviewRow } from './reviews.read.repository';

/** Writing reviews (the provider's rating follows by trigger: migrations 0001 and 0008). */

export async function insertBookingReview(
  db: Executor,
  values: {
    providerId: number;
    userId: number;
    authorName: string;
    bookingId: number;
    rating: number;
    comment: string;
    photos: string[];
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
      photos: values.photos,
      createdAt: values.now,
    })
    .returning({ id: reviews.id });
  return row!.id;
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

/** The review `id` when `userId` wrote it (someone else's is the same "missing"). */
export function findOwnReview(db: Executor, id: number, userId: number) {
  return findReviewRow(db, and(eq(reviews.id, id), eq(reviews.userId, userId)));
}

/** A visible review of an active listing (what people can see, and so report). */
export function findVisibleReview(db: Executor, id: number) {
  return findReviewRow(
    db,
    and(
      eq(reviews.id, id),
      isNull(reviews.hiddenAt),
      sql`exists (select 1 from ${providers} p where p.id = ${reviews.providerId} and p.is_active)`,
    ),
  );
}

/** Locks the review's row for a change that depends on its current state (edit window, hidden). */
export async function lockReview(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      providerId: reviews.providerId,
      createdAt: reviews.createdAt,
      hiddenAt: reviews.hiddenAt,
    })
    .from(reviews)
    .where(eq(reviews.id, id))
    .for('update');
  return row;
}

export async function updateReviewContent(
  db: Executor,
  id: number,
  values: { rating: number; comment: string; editedAt: Date },
) {
  await db.update(reviews).set(values).where(eq(reviews.id, id));
}

export async function setReviewHidden(db: Executor, id: number, hiddenAt: Date | null) {
  await db.update(reviews).set({ hiddenAt }).where(eq(reviews.id, id));
}

/** The author's address and name, when the review has an author account. */
export async function findAuthor(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findProviderName(db: Executor, providerId: number) {
  const [row] = await db
    .select({ name: providers.name })
    .from(providers)
    .where(eq(providers.id, providerId))
    .limit(1);
  return row?.name ?? 'the provider';
}

// Photos ------------------------------------------------------------------------------------------

export async function insertReviewPhotos(
  db: Executor,
  rows: {
    filename: string;
    uploadedByUserId: number;
    width: number;
    height: number;
    sizeBytes: number;
    createdAt: Date;
  }[],
) {
  if (rows.length === 0) return;
  await db.insert(reviewPhotos).values(rows);
}

/**
 * Attaches the uploader's unclaimed photos to their review, in the order given. Answers how many were
 * attached: fewer than asked means one is someone else's, already used, or unknown.
 */
export async function claimReviewPhotos(
  db: Executor,
  input: { filenames: readonly string[]; userId: number; reviewId: number },
): Promise<number> {
  let claimed = 0;
  for (const [position, filename] of input.filenames.entries()) {
    const rows = await db
      .update(reviewPhotos)
      .set({ reviewId: input.reviewId, position })
      .where(
        and(
          eq(reviewPhotos.filename, filename),
          eq(reviewPhotos.uploadedByUserId, input.userId),
          isNull(reviewPhotos.reviewId),
        ),
      )
      .returning({ id: reviewPhotos.id });
    claimed += rows.length;
  }
  return claimed;
}

/** A photo people may see: part of a review, and (unless `includeHidden`) of a visible one. */
export async function findServablePhoto(db: Executor, filename: string, includeHidden: boolean) {
  const [row] = await db
    .select({
      filename: reviewPhotos.filename,
      sizeBytes: reviewPhotos.sizeBytes,
      hiddenAt: reviews.hiddenAt,
    })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(and(eq(reviewPhotos.filename, filename), includeHidden ? undefined : isNull(reviews.hiddenAt)))
    .limit(1);
  return row;
}

/** Removes (in batches) photo rows never claimed by a review; answers their files to delete. */
export async function deleteUnclaimedPhotos(db: Executor, input: { before: Date; limit: number }) {
  const rows = await db
    .delete(reviewPhotos)
    .where(
      sql`${reviewPhotos.id} in (select id from review_photos where review_id is null
        and created_at < ${input.before} order by id limit ${input.limit} for update skip locked)`,
    )
    .returning({ filename: reviewPhotos.filename });
  return rows.map((r) => r.filename);
}

/** Which of these stored names a review photo row has (claimed by a review or not yet). */
export async function knownReviewPhotoNames(db: Executor, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ filename: reviewPhotos.filename })
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.filename, [...names]));
  return rows.map((r) => r.filename);
}
