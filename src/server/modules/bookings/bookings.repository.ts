import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { TRANSITIONS, targetOf } from '../../../shared/domain/booking-lifecycle';
import type { Executor } from '../../db/client';
import { isExclusionViolation, isUniqueViolation } from '../../db/errors';
import { bookings, payments, providers, users } from '../../db/schema';

/**
 * Whether the database refused a write because the time is taken: the no-overlap exclusion constraint
 * (23P01) or a unique index (23505).
 */
export function isSlotConflict(error: unknown): boolean {
  return isExclusionViolation(error) || isUniqueViolation(error);
}

/**
 * Confirmed bookings whose time (and buffer) ended at least `graceMs` before `now`: due to complete by
 * themselves. Ordered by id after `afterId`, so a sweep walks them all in batches.
 */
export async function listDueForCompletion(
  db: Executor,
  input: { now: Date; graceMs: number; afterId: number; limit: number },
) {
  return db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        lt(bookings.endsAt, new Date(input.now.getTime() - input.graceMs + 1)),
        gt(bookings.id, input.afterId),
      ),
    )
    .orderBy(asc(bookings.id))
    .limit(input.limit);
}

/** The live-booking condition: paid, or held by an unexpired hold. */
const isLive = (now: Date) =>
  sql`(${bookings.status} in ('confirmed', 'completed') or (${bookings.status} = 'awaiting_payment' and ${bookings.holdExpiresAt} > ${now}))`;

/** Live bookings of a provider overlapping [from, to), as epoch-millisecond ranges. */
export async function busyRanges(db: Executor, providerId: number, from: Date, to: Date, now: Date) {
  const rows = await db
    .select({ start: bookings.serviceDate, end: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.providerId, providerId),
        lt(bookings.serviceDate, to),
        gt(bookings.endsAt, from),
        isLive(now),
      ),
    );
  return rows.map((r) => ({ start: r.start.getTime(), end: r.end.getTime() }));
}

/**
 * Frees the time of unpaid holds that have run out, so the no-overlap constraint lets someone else
 * take it: every such hold, or those of one provider overlapping [from, to).
 */
export async function expireStaleHolds(
  db: Executor,
  input: { providerId?: number; from?: Date; to?: Date; now: Date },
) {
  return db
    .update(bookings)
    .set({ status: targetOf('expire'), updatedAt: input.now })
    .where(
      and(
        inArray(bookings.status, [...TRANSITIONS.expire.from]),
        lt(bookings.holdExpiresAt, input.now),
        input.providerId !== undefined ? eq(bookings.providerId, input.providerId) : undefined,
        input.to !== undefined ? lt(bookings.serviceDate, input.to) : undefined,
        input.from !== undefined ? gt(bookings.endsAt, input.from) : undefined,
      ),
    )
    .returning({ id: bookings.id });
}

/** Takes the customer's row lock: one customer's holds are decided one at a time, across processes. */
export async function lockCustomer(db: Executor, customerId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for('update');
}

/** The customer's unpaid holds that still hold their time. */
export async function listLiveHolds(db: Executor, customerId: number, now: Date) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.customerId, customerId),
        eq(bookings.status, 'awaiting_payment'),
        gt(bookings.holdExpiresAt, now),
      ),
    )
    .orderBy(asc(bookings.id));
}

/** Ends unpaid holds at once (their customer held another time instead). */
export async function releaseHolds(db: Executor, ids: readonly number[], now: Date) {
  if (ids.length === 0) return;
  await db
    .update(bookings)
    .set({ status: targetOf('release'), holdExpiresAt: now, updatedAt: now })
    .where(and(inArray(bookings.id, [...ids]), inArray(bookings.status, [...TRANSITIONS.release.from])));
}

/**
 * Bookings whose payment is unsettled (started, neither confirmed, refunded nor voided), oldest first,
 * after `afterId`: reconciliation walks all of them in batches.
 */
export async function listUnsettledPayments(db: Executor, input: { afterId: number; limit: number }) {
  return db
    .select({
      id: bookings.id,
      intentId: bookings.paymentIntentId,
      status: bookings.status,
      holdExpiresAt: bookings.holdExpiresAt,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.paymentStatus, 'pending'),
        sql`${bookings.paymentIntentId} is not null`,
        gt(bookings.id, input.afterId),
      ),
    )
    .orderBy(asc(bookings.id))
    .limit(input.limit);
}

/** The hold ended unpaid and its payment can never be charged (cancelled at the processor). */
export async function markPaymentVoided(db: Executor, bookingId: number, now: Date) {
  await db
    .update(bookings)
    .set({ paymentStatus: 'voided', updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, 'pending')));
}

export type BookingRow = typeof bookings.$inferSelect;

export async function insertBooking(db: Executor, values: typeof bookings.$inferInsert): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  return row!;
}

export async function attachIntent(db: Executor, bookingId: number, intentId: string, now: Date) {
  await db
    .update(bookings)
    .set({ paymentIntentId: intentId, updatedAt: now })
    .where(eq(bookings.id, bookingId));
}

export async function upsertPayment(db: Executor, values: typeof payments.$inferInsert) {
  await db
    .insert(payments)
    .values(values)
    .onConflictDoUpdate({
      target: payments.intentId,
      set: {
        status: values.status,
        paymentMethodId: values.paymentMethodId ?? null,
        failureCode: values.failureCode ?? null,
        failureMessage: values.failureMessage ?? null,
        // The card that paid, once the processor has said (a later call without it keeps it).
        ...(values.cardLast4 ? { cardBrand: values.cardBrand, cardLast4: values.cardLast4 } : {}),
        updatedAt: values.updatedAt ?? new Date(),
      },
    });
}

export async function markPaymentRefunded(db: Executor, intentId: string, amountCents: number, now: Date) {
  await db
    .update(payments)
    .set({ status: 'refunded', refundedCents: amountCents, updatedAt: now })
    .where(eq(payments.intentId, intentId));
}

/** One booking; with `forUpdate`, locked until the caller's transaction ends. */
export async function findBookingById(
  db: Executor,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<BookingRow | undefined> {
  const query = db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findBookingByIntent(
  db: Executor,
  intentId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db.select().from(bookings).where(eq(bookings.paymentIntentId, intentId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateBooking(db: Executor, id: number, values: Partial<typeof bookings.$inferInsert>) {
  const [row] = await db.update(bookings).set(values).where(eq(bookings.id, id)).returning();
  return row!;
}

/** The provider of a booking, with its owner's e-mail and whether they want booking e-mails. */
export async function findProviderBasics(db: Executor, providerId: number) {
  const [row] = await db
    .select({
      id: providers.id,
      name: providers.name,
      ownerUserId: providers.ownerUserId,
      location: providers.location,
      ownerEmail: users.email,
      ownerName: users.fullName,
      ownerPreferences: users.preferences,
    })
    .from(providers)
    .leftJoin(users, eq(users.id, providers.ownerUserId))
    .where(eq(providers.id, providerId))
    .limit(1);
  return row;
}

/**
 * A provider's booking rules on a Toronto date: its minimum notice, the buffer after each booking, the
 * cancellation policy new bookings get, and whether it is closed (time off) that day.
 */
export async function findBookingRules(db: Executor, providerId: number, date: string) {
  const [row] = await db
    .select({
      noticeHours: providers.minimumNoticeHours,
      bufferMinutes: providers.bufferMinutes,
      policy: providers.cancellationPolicy,
      closed: sql<boolean>`exists (select 1 from provider_time_off t where t.provider_id = ${providers.id}
        and t.start_date <= ${date}::date and t.end_date >= ${date}::date)`,
    })
    .from(providers)
    .where(eq(providers.id, providerId))
    .limit(1);
  return row;
}
