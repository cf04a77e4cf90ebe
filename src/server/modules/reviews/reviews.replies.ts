import type { User } from '../../../shared/contract/auth';
import type { PartnerReview, ReviewReplyBody } from '../../../shared/contract/reviews';
import { findOwnedProviderId } from '../partner/partner.repository';
import { partnerErrors } from '../partner/partner.errors';
import { reviewErrors } from './reviews.errors';
import { type ReviewRow, toReview } from './reviews.read.repository';
import { findListingReview, listListingReviews, upsertReply } from './reviews.replies.repository';
import type { ReviewDeps } from './reviews.usecases';

/**
 * The partner's side of reviews (docs/product.md §8): the reviews of their own listing, newest first
 * with the unanswered ones marked, and one public reply per review that they may change. Another
 * listing's review is the same 404 as a missing one.
 */

function toPartnerReview(row: ReviewRow): PartnerReview {
  const review = toReview(row);
  return { ...review, needsReply: review.reply === null };
}

async function ownListingId(deps: Pick<ReviewDeps, 'db'>, user: User): Promise<number> {
  const id = await findOwnedProviderId(deps.db, user.id);
  if (id === undefined) throw partnerErrors.noListing();
  return id;
}

export async function partnerReviews(deps: Pick<ReviewDeps, 'db'>, user: User): Promise<PartnerReview[]> {
  const providerId = await findOwnedProviderId(deps.db, user.id);
  if (providerId === undefined) return [];
  return (await listListingReviews(deps.db, providerId)).map(toPartnerReview);
}

export async function replyToReview(
  deps: Pick<ReviewDeps, 'db' | 'clock'>,
  user: User,
  id: number,
  body: ReviewReplyBody,
): Promise<{ created: boolean; review: PartnerReview }> {
  const providerId = await ownListingId(deps, user);
  const review = await findListingReview(deps.db, id, providerId);
  if (!review) throw reviewErrors.notFound();
  if (review.hiddenAt) throw reviewErrors.hidden();
  const { created } = await upsertReply(deps.db, {
    reviewId: id,
    authorUserId: user.id,
    text: String(body.text).trim(),
    now: deps.clock.now(),
  });
  const updated = await findListingReview(deps.db, id, providerId);
  return { created, review: toPartnerReview(updated!) };
}
