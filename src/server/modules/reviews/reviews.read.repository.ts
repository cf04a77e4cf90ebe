import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { RatingHistogram, Review, ReviewsQuery } from '../../../shared/contract/reviews';
import type { Executor } from '../../db/client';
import { reviewReplies, reviews } from '../../db/schema';

/**
 * Reading reviews as people see them: the fields of the contract's review, with the partner's reply.
 * Visible means not hidden by an admin (docs/product.md §8); the provider's rating, count and
 * histogram count the same reviews.
 */

export const reviewColumns = {
  id: reviews.id,
  providerId: reviews.providerId,
  userId: reviews.userId,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  editedAt: reviews.editedAt,
  hiddenAt: reviews.hiddenAt,
  bookingId: reviews.bookingId,
  photos: reviews.photos,
  videos: reviews.videos,
  authorName: reviews.authorName,
  replyText: reviewReplies.text,
  replyCreatedAt: reviewReplies.createdAt,
};

export type ReviewRow = {
  id: number;
  providerId: number;
  userId: number | null;
  rating: number;
  comment: string;
  createdAt: Date;
  editedAt: Date | null;
  hiddenAt: Date | null;
  bookingId: number | null;
  photos: string[];
  videos: string[];
  authorName: string;
  replyText: string | null;
  replyCreatedAt: Date | null;
};

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    bookingId: row.bookingId,
    verified: row.bookingId !== null,
    edited: row.editedAt !== null,
    photos: row.photos,
    videos: row.videos,
    user: { fullName: row.authorName },
    reply:
      row.replyText !== null && row.replyCreatedAt !== null
        ? { text: row.replyText, createdAt: row.replyCreatedAt.toISOString() }
        : null,
  };
}

/** Reviews with their reply, filtered by `where`. */
export function selectReviews(db: Executor, where: SQL | undefined) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(where);
}

export async function findReviewRow(db: Executor, where: SQL | undefined): Promise<ReviewRow | undefined> {
  const [row] = await selectReviews(db, where).limit(1);
  return row;
}

/** A provider's visible reviews: newest first, or by rating; one star count only; paged. */
export async function listVisibleReviews(
  db: Executor,
  providerId: number,
  query: ReviewsQuery = { sort: 'recent', limit: 200, offset: 0 },
): Promise<Review[]> {
  const rows = await selectReviews(
    db,
    and(
      eq(reviews.providerId, providerId),
      isNull(reviews.hiddenAt),
      query.rating === undefined ? undefined : eq(reviews.rating, query.rating),
    ),
  )
    .orderBy(
      ...(query.sort === 'highest'
        ? [desc(reviews.rating), desc(reviews.createdAt)]
        : query.sort === 'lowest'
          ? [asc(reviews.rating), desc(reviews.createdAt)]
          : [desc(reviews.createdAt)]),
      desc(reviews.id),
    )
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(toReview);
}

/** How many visible reviews give each star count. */
export async function ratingHistogram(db: Executor, providerId: number): Promise<RatingHistogram> {
  const rows = await db
    .select({ rating: reviews.rating, count: count() })
    .from(reviews)
    .where(and(eq(reviews.providerId, providerId), isNull(reviews.hiddenAt)))
    .groupBy(reviews.rating);
  const histogram: RatingHistogram = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of rows) {
    const star = row.rating as keyof RatingHistogram;
    if (star in histogram) histogram[star] = Number(row.count);
  }
  return histogram;
}
