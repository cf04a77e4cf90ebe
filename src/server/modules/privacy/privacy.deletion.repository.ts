import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  bookings,
  documents,
  loginAttempts,
  providerApplications,
  providers,
  reviewModerationEvents,
  reviewPhotos,
  reviews,
  sandboxCards,
  supportRequests,
  users,
} from '../../db/schema';

/** What deleting an account changes (docs/product.md §15); the usecase is privacy.deletion.ts. */

/** The name that replaces an erased person's wherever their records are kept. */
export const ERASED_NAME = 'Deleted user';
/** The address an erased person's bookings keep: the reserved `.invalid` domain, never e-mailed. */
export const ERASED_EMAIL = 'deleted-user@erased.invalid';

/**
 * The account's row locked, and when it is an admin's, every admin's row with it: the last admin
 * cannot leave (docs/product.md §15). One statement locks them in id order, so two admins leaving at
 * once take the same locks in the same order; locking one's own row first and the others after
 * deadlocked (a 500 for one of them).
 */
export async function lockAccount(db: Executor, userId: number) {
  const rows = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, role: users.role })
    .from(users)
    .where(
      or(
        eq(users.id, userId),
        and(
          eq(users.role, 'admin'),
          sql`exists (select 1 from ${users} me where me.id = ${userId} and me.role = 'admin')`,
        ),
      ),
    )
    .orderBy(asc(users.id))
    // NO KEY UPDATE: two deletions (and the last-admin check) still take turns, but a partner cancelling
    // this customer's booking, which writes a notification for them (a foreign key: KEY SHARE on this
    // row) after locking the booking this deletion cancels next, is no longer a deadlock.
    .for('no key update');
  const account = rows.find((row) => row.id === userId);
  return account && { ...account, admins: rows.filter((row) => row.role === 'admin').length };
}

export async function countAdmins(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}

/** The person's paid bookings still to come: the ones deleting the account cancels. */
export async function listUpcomingCustomerBookings(db: Executor, userId: number, now: Date) {
  return db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      serviceTitle: bookings.serviceTitle,
      providerName: providers.name,
      serviceDate: bookings.serviceDate,
      totalCents: bookings.totalCents,
      cancellationPolicy: bookings.cancellationPolicy,
      confirmedAt: bookings.confirmedAt,
      paymentStatus: bookings.paymentStatus,
    })
    .from(bookings)
    .innerJoin(providers, eq(providers.id, bookings.providerId))
    .where(
      and(eq(bookings.customerId, userId), eq(bookings.status, 'confirmed'), gt(bookings.serviceDate, now)),
    )
    .orderBy(asc(bookings.serviceDate), asc(bookings.id));
}

/** Every booking the person made, whatever its state. */
export async function listCustomerBookingIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerId, userId));
  return rows.map((r) => r.id);
}

/** The person's unpaid holds, released when the account goes. */
export async function listCustomerHoldIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.customerId, userId), eq(bookings.status, 'awaiting_payment')));
  return rows.map((r) => r.id);
}

/** A listing's paid bookings still to come: cancelled in full when its partner leaves. */
export async function listUpcomingListingBookingIds(
  db: Executor,
  providerId: number,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.providerId, providerId),
        eq(bookings.status, 'confirmed'),
        gt(bookings.serviceDate, now),
      ),
    )
    .orderBy(asc(bookings.serviceDate), asc(bookings.id));
  return rows.map((r) => r.id);
}

/** Unpaid holds at a listing whose partner leaves: released (a payment that still goes through is refunded, §9). */
export async function listListingHoldIds(db: Executor, providerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.providerId, providerId), eq(bookings.status, 'awaiting_payment')));
  return rows.map((r) => r.id);
}

/**
 * Takes a listing out of search and off its page (its record stays for the bookings made there), and
 * its photo down: the public copy of the partner's own picture (a `provider_photo` document, served to
 * anyone) goes with them. Answers that copy's stored name, to remove once this commits.
 */
export async function unpublishListing(db: Executor, providerId: number, now: Date): Promise<string[]> {
  const [before] = await db
    .select({ imageUrl: providers.imageUrl })
    .from(providers)
    .where(eq(providers.id, providerId))
    // Not FOR UPDATE: a booking of this listing being cancelled meanwhile takes KEY SHARE on this row
    // for its ledger line, while this deletion goes on to cancel that booking (a deadlock).
    .for('no key update');
  await db
    .update(providers)
    .set({ isActive: false, isFeatured: false, imageUrl: null, updatedAt: now })
    .where(eq(providers.id, providerId));
  const photo = before?.imageUrl?.match(/^\/api\/provider-photos\/([^/?#]+)$/)?.[1];
  if (!photo) return [];
  const removed = await db
    .delete(documents)
    .where(and(eq(documents.filename, photo), eq(documents.kind, 'provider_photo')))
    .returning({ filename: documents.filename });
  return removed.map((r) => r.filename);
}

/**
 * Erases the person: their bookings keep only what the books need (the person replaced by a
 * placeholder), their reviews stay under "Deleted user" (and still count in the rating), their
 * uploads, applications and support requests go, and the account row goes with everything that hangs
 * from it (sessions, links, notifications, saved services, consent history, reports). Answers the
 * stored names of the files to remove once this commits.
 */
export async function eraseAccount(
  db: Executor,
  input: { userId: number; email: string; now: Date },
): Promise<string[]> {
  const { userId, now } = input;
  await db
    .update(bookings)
    .set({
      customerName: ERASED_NAME,
      customerEmail: ERASED_EMAIL,
      customerPhone: null,
      notes: null,
      serviceAddress: null,
      location: sql`case when ${bookings.deliveredAt} = 'customer' then null else ${bookings.location} end`,
      updatedAt: now,
    })
    .where(eq(bookings.customerId, userId));
  await db
    .update(sandboxCards)
    .set({ billingName: null, billingEmail: null })
    .where(eq(sandboxCards.customerRef, String(userId)));

  const photos = await db
    .delete(reviewPhotos)
    .where(eq(reviewPhotos.uploadedByUserId, userId))
    .returning({ filename: reviewPhotos.filename });
  await db.update(reviews).set({ authorName: ERASED_NAME, photos: [] }).where(eq(reviews.userId, userId));
  await db
    .update(reviewModerationEvents)
    .set({ adminName: ERASED_NAME })
    .where(eq(reviewModerationEvents.adminUserId, userId));
  await db.delete(supportRequests).where(eq(supportRequests.userId, userId));

  const applicationIds = (
    await db
      .select({ id: providerApplications.id })
      .from(providerApplications)
      .where(eq(providerApplications.userId, userId))
  ).map((r) => r.id);
  const files = await db
    .delete(documents)
    .where(
      applicationIds.length > 0
        ? or(eq(documents.uploadedByUserId, userId), inArray(documents.applicationId, applicationIds))
        : eq(documents.uploadedByUserId, userId),
    )
    .returning({ filename: documents.filename });
  await db.delete(providerApplications).where(eq(providerApplications.userId, userId));
  await db.delete(loginAttempts).where(eq(loginAttempts.emailKey, input.email.trim().toLowerCase()));
  await db.delete(users).where(eq(users.id, userId));
  return [...photos, ...files].map((f) => f.filename);
}
