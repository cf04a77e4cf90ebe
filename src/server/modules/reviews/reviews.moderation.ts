import type { User } from '../../../shared/contract/auth';
import type {
  AdminReview,
  ReportReviewBody,
  ReviewDecision,
  ReviewDecisionBody,
} from '../../../shared/contract/reviews';
import type { Env } from '../../env';
import { recordAdminAction } from '../audit/audit.usecases';
import { enqueueEmail } from '../email/email.outbox.repository';
import { emailText } from '../../i18n/server-i18n';
import { inEveryLanguage, insertNotifications } from '../notifications/notifications.repository';
import { reviewModeratedEmail } from './reviews.emails';
import { reviewErrors } from './reviews.errors';
import {
  countOpenReports,
  insertDecision,
  insertReport,
  listModeratedReviews,
  resolveOpenReports,
} from './reviews.moderation.repository';
import { toReview } from './reviews.read.repository';
import {
  findAuthor,
  findProviderName,
  findVisibleReview,
  lockReview,
  setReviewHidden,
} from './reviews.repository';
import type { ReviewDeps } from './reviews.usecases';

/**
 * Reports and moderation (docs/product.md §8): anyone signed in reports a visible review, once (a
 * second report by the same person counts once). Admins hide a reported review, keep it (the reports
 * are dismissed) or restore a hidden one; each decision is recorded with the admin, the time and a
 * reason, and the author is told of a hide or a restore by a notification and an e-mail.
 */

export async function reportReview(
  deps: Pick<ReviewDeps, 'db' | 'clock'>,
  user: User,
  id: number,
  body: ReportReviewBody,
): Promise<{ created: boolean; message: string }> {
  const review = await findVisibleReview(deps.db, id);
  if (!review) throw reviewErrors.notFound();
  if (review.userId === user.id) throw reviewErrors.ownReview();
  const created = await insertReport(deps.db, {
    reviewId: id,
    userId: user.id,
    reason: String(body.reason).trim(),
    now: deps.clock.now(),
  });
  return {
    created,
    message: created
      ? 'Thank you. Our team will look at this review.'
      : 'You have already reported this review. Our team will look at it.',
  };
}

export async function moderationList(
  deps: Pick<ReviewDeps, 'db'>,
  state: 'reported' | 'hidden' | 'all',
  onlyId?: number,
): Promise<AdminReview[]> {
  const items = await listModeratedReviews(deps.db, state, onlyId);
  return items.map(({ row, providerName, reports, decisions }) => ({
    ...toReview(row),
    provider: { id: row.providerId, name: providerName },
    hidden: row.hiddenAt !== null,
    openReports: reports
      .filter((r) => r.resolvedAt === null)
      .map((r) => ({ reason: r.reason, createdAt: r.createdAt.toISOString() })),
    reportCount: reports.length,
    decisions: decisions.map((d) => ({
      decision: d.decision,
      reason: d.reason,
      createdAt: d.createdAt.toISOString(),
      adminName: d.adminName,
    })),
  }));
}

const AUDIT_ACTION = { hide: 'review.hidden', keep: 'review.kept', restore: 'review.restored' } as const;

export async function decideReview(
  deps: ReviewDeps & { env: Pick<Env, 'PUBLIC_URL'> },
  admin: User,
  id: number,
  decision: ReviewDecision,
  body: ReviewDecisionBody,
): Promise<AdminReview> {
  const reason = String(body.reason).trim();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (!review) throw reviewErrors.notFound();
    if (decision === 'hide' && review.hiddenAt) throw reviewErrors.alreadyHidden();
    const openReports = await countOpenReports(tx, id);
    if (decision === 'keep') {
      if (review.hiddenAt) throw reviewErrors.alreadyHidden();
      if (openReports === 0) throw reviewErrors.nothingReported();
    }
    if (decision === 'restore' && !review.hiddenAt) throw reviewErrors.notHidden();
    // The trigger recomputes the provider's rating and count over visible reviews in this transaction.
    if (decision === 'hide') await setReviewHidden(tx, id, now);
    if (decision === 'restore') await setReviewHidden(tx, id, null);
    await resolveOpenReports(tx, id, now);
    await insertDecision(tx, {
      reviewId: id,
      adminUserId: admin.id,
      adminName: admin.fullName,
      decision,
      reason,
      now,
    });
    await recordAdminAction(tx, {
      adminUserId: admin.id,
      action: AUDIT_ACTION[decision],
      targetType: 'review',
      targetId: id,
      before: { hidden: review.hiddenAt !== null, openReports },
      after: { hidden: decision === 'hide', openReports: 0, reason },
      at: now,
    });
    if (decision === 'keep' || review.userId === null) return;
    const author = await findAuthor(tx, review.userId);
    if (!author) return;
    const providerName = await findProviderName(tx, review.providerId);
    await insertNotifications(tx, [
      {
        userId: author.id,
        type: 'update',
        // In the author's language (a moderator's reason stays as they wrote it).
        ...inEveryLanguage((locale) => ({
          title: emailText(
            locale,
            decision === 'hide' ? 'inApp.reviewHidden.title' : 'inApp.reviewShown.title',
          ),
          message: emailText(
            locale,
            decision === 'hide' ? 'inApp.reviewHidden.message' : 'inApp.reviewShown.message',
            { provider: providerName, reason },
          ),
        })),
        linkUrl: decision === 'hide' ? '/bookings' : `/provider/${review.providerId}`,
        now,
      },
    ]);
    await enqueueEmail(
      tx,
      {
        to: author.email,
        kind: 'review_moderated',
        ...reviewModeratedEmail({
          publicUrl: deps.env.PUBLIC_URL,
          fullName: author.fullName,
          providerName,
          decision,
          reason,
        }),
      },
      { now },
    );
  });
  if (decision !== 'keep') deps.catalogCache.invalidate();
  const [item] = await moderationList(deps, 'all', id);
  if (!item) throw reviewErrors.notFound();
  return item;
}
