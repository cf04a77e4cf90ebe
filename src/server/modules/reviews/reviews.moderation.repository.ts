import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ReviewDecision } from '../../../shared/contract/reviews';
import type { Executor } from '../../db/client';
import { providers, reviewModerationEvents, reviewReports, reviews } from '../../db/schema';
import { selectReviews } from './reviews.read.repository';

/** Reports and admin decisions (docs/product.md §8, §12). */

/** Records `userId`'s report; false when they had reported this review before (it counts once). */
export async function insertReport(
  db: Executor,
  values: { reviewId: number; userId: number; reason: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(reviewReports)
    .values({
      reviewId: values.reviewId,
      userId: values.userId,
      reason: values.reason,
      createdAt: values.now,
    })
    .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.userId] })
    .returning({ id: reviewReports.id });
  return rows.length > 0;
}

export async function countOpenReports(db: Executor, reviewId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewReports)
    .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)));
  return Number(row?.n ?? 0);
}

/** A decision closes every open report of the review. */
export async function resolveOpenReports(db: Executor, reviewId: number, now: Date) {
  await db
    .update(reviewReports)
    .set({ resolvedAt: now })
    .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)));
}

export async function insertDecision(
  db: Executor,
  values: {
    reviewId: number;
    adminUserId: number;
    adminName: string;
    decision: ReviewDecision;
    reason: string;
    now: Date;
  },
) {
  await db.insert(reviewModerationEvents).values({
    reviewId: values.reviewId,
    adminUserId: values.adminUserId,
    adminName: values.adminName,
    decision: values.decision,
    reason: values.reason,
    createdAt: values.now,
  });
}

const hasOpenReport = sql`exists (select 1 from review_reports rr where rr.review_id = ${reviews.id} and rr.resolved_at is null)`;
const hasAnyReport = sql`exists (select 1 from review_reports rr where rr.review_id = ${reviews.id})`;
const lastOpenReport = sql`(select max(rr.created_at) from review_reports rr where rr.review_id = ${reviews.id} and rr.resolved_at is null)`;

/**
 * What the moderation tab lists: `reported` (open reports on a visible review, the latest report
 * first), `hidden` (most recently hidden first) or `all` (ever reported or hidden), at most 200; or
 * one review by id.
 */
export async function listModeratedReviews(
  db: Executor,
  state: 'reported' | 'hidden' | 'all',
  onlyId?: number,
) {
  const where =
    onlyId !== undefined
      ? eq(reviews.id, onlyId)
      : state === 'reported'
        ? and(isNull(reviews.hiddenAt), hasOpenReport)
        : state === 'hidden'
          ? isNotNull(reviews.hiddenAt)
          : sql`(${reviews.hiddenAt} is not null or ${hasAnyReport})`;
  const order =
    state === 'reported'
      ? [sql`${lastOpenReport} desc`, desc(reviews.id)]
      : state === 'hidden'
        ? [desc(reviews.hiddenAt), desc(reviews.id)]
        : [desc(reviews.id)];
  const rows = await selectReviews(db, where)
    .orderBy(...order)
    .limit(200);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [reports, decisions, names] = await Promise.all([
    db
      .select({
        reviewId: reviewReports.reviewId,
        reason: reviewReports.reason,
        createdAt: reviewReports.createdAt,
        resolvedAt: reviewReports.resolvedAt,
      })
      .from(reviewReports)
      .where(inArray(reviewReports.reviewId, ids))
      .orderBy(desc(reviewReports.createdAt), desc(reviewReports.id)),
    db
      .select({
        reviewId: reviewModerationEvents.reviewId,
        decision: reviewModerationEvents.decision,
        reason: reviewModerationEvents.reason,
        createdAt: reviewModerationEvents.createdAt,
        adminName: reviewModerationEvents.adminName,
      })
      .from(reviewModerationEvents)
      .where(inArray(reviewModerationEvents.reviewId, ids))
      .orderBy(desc(reviewModerationEvents.createdAt), desc(reviewModerationEvents.id)),
    db
      .select({ id: providers.id, name: providers.name })
      .from(providers)
      .where(inArray(providers.id, [...new Set(rows.map((r) => r.providerId))])),
  ]);
  const providerNames = new Map(names.map((p) => [p.id, p.name]));
  return rows.map((row) => ({
    row,
    providerName: providerNames.get(row.providerId) ?? '',
    reports: reports.filter((r) => r.reviewId === row.id),
    decisions: decisions.filter((d) => d.reviewId === row.id),
  }));
}
