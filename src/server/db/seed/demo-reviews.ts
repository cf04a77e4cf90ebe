import { asc, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../client';
import { providers, reviewReplies, reviewReports, reviews } from '../schema';

/**
 * The demo's review extras (docs/product.md §8): the demo partner has answered their oldest review, so
 * the provider page shows a reply and the Reviews tab shows both kinds (the others wait for one); and
 * the demo customer has reported a review elsewhere, so the admin's Reviews tab has one to decide.
 */
export async function seedReviewExtras(
  db: Executor,
  input: { now: Date; partnerUserId: number; customerUserId: number },
) {
  const [listing] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.ownerUserId, input.partnerUserId))
    .limit(1);
  if (!listing) return;
  const [oldest] = await db
    .select({ id: reviews.id, createdAt: reviews.createdAt })
    .from(reviews)
    .where(eq(reviews.providerId, listing.id))
    .orderBy(asc(reviews.createdAt))
    .limit(1);
  if (oldest) {
    const at = new Date(oldest.createdAt.getTime() + 26 * 3_600_000);
    await db.insert(reviewReplies).values({
      reviewId: oldest.id,
      authorUserId: input.partnerUserId,
      text: 'Thank you for the kind words! We are glad the team could help, and we hope to see you again.',
      createdAt: at,
      updatedAt: at,
    });
  }
  const [lowest] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(ne(reviews.providerId, listing.id))
    .orderBy(asc(reviews.rating), desc(reviews.createdAt))
    .limit(1);
  if (lowest) {
    await db.insert(reviewReports).values({
      reviewId: lowest.id,
      userId: input.customerUserId,
      reason: 'Not about this service: it describes a visit to a different business.',
      createdAt: new Date(input.now.getTime() - 3_600_000),
    });
  }
}
