import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reviewReplies, reviews } from '../../db/schema';
import { findReviewRow, selectReviews } from './reviews.read.repository';

/** The partner's replies (docs/product.md §8): one per review of their own listing. */

/** The listing's visible reviews with their replies, newest first. */
export function listListingReviews(db: Executor, providerId: number) {
  return selectReviews(db, and(eq(reviews.providerId, providerId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(500);
}

/** Review `id` when it is of this listing (another listing's is the same "missing"). */
export function findListingReview(db: Executor, id: number, providerId: number) {
  return findReviewRow(db, and(eq(reviews.id, id), eq(reviews.providerId, providerId)));
}

/** Writes the reply, or replaces its text (keeping when it was first posted). */
export async function upsertReply(
  db: Executor,
  values: { reviewId: number; authorUserId: number; text: string; now: Date },
): Promise<{ created: boolean }> {
  const [row] = await db
    .insert(reviewReplies)
    .values({
      reviewId: values.reviewId,
      authorUserId: values.authorUserId,
      text: values.text,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: reviewReplies.reviewId,
      set: { text: values.text, authorUserId: values.authorUserId, updatedAt: values.now },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return { created: row!.inserted === true };
}
