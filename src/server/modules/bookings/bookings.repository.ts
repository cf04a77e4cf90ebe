import {
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  inArray,
  lt,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { TRANSITIONS, targetOf } from '../../../shared/domain/booking-lifecycle';
import type { Provider } from '../../../shared/contract/catalog';
import { type Executor, jsonValue, preparedPer } from '../../db/client';
import { isExclusionViolation, isUniqueViolation } from '../../db/errors';
import { bookings, payments, providers, users } from '../../db/schema';
import { type ProviderRecord, providerJson, toProvider } from '../catalog/catalog.records.repository';

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

/** The live-booking condition: paid (a dispute not settled yet too: LIVE_STATUSES), or held by an unexpired hold. */
const isLive = (now: Date) =>
  sql`(${bookings.status} in ('confirmed', 'completed', 'disputed') or (${bookings.status} = 'awaiting_payment' and ${bookings.holdExpiresAt} > ${now}))`;

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
    .where(staleHolds(input))
    .returning({ id: bookings.id });
}

/** A value, or a prepared statement's placeholder for one (preparedPer). */
type Bound<T> = T | Placeholder;

const staleHolds = (input: {
  providerId?: Bound<number>;
  from?: Bound<Date>;
  to?: Bound<Date>;
  now: Bound<Date>;
}) =>
  and(
    inArray(bookings.status, [...TRANSITIONS.expire.from]),
    lt(bookings.holdExpiresAt, input.now),
    input.providerId !== undefined ? eq(bookings.providerId, input.providerId) : undefined,
    input.to !== undefined ? lt(bookings.serviceDate, input.to) : undefined,
    input.from !== undefined ? gt(bookings.endsAt, input.from) : undefined,
  );

/** The advisory-lock space of "new holds of one provider" (any fixed number; this one spells `tr`). */
const PROVIDER_HOLDS_LOCK = 0x7472;

/**
 * The provider's lock as an SQL expression, for the statements that take it before a booking's row:
 * every write that makes a time live takes it first (docs/decisions/008, "One lock order").
 */
const providerLock = (providerId: number | SQLWrapper) =>
  sql`pg_advisory_xact_lock(${PROVIDER_HOLDS_LOCK}, ${providerId}::int)`;

/** The provider's lock alone, first in a transaction that then writes a booking as live (a move, a late payment taking its time back). */
export async function lockProviderTimes(db: Executor, providerId: number) {
  await db.execute(sql`select ${providerLock(providerId)}`);
}

/**
 * Takes the locks a new hold is decided under, in one statement and always in this order: the
 * provider's (an advisory lock: its new holds are inserted one at a time, across processes) and then
 * the customer's row (their holds are decided one at a time: a double click waits here, then finds its
 * twin). Without the provider's lock, customers racing for overlapping times made PostgreSQL check each
 * insert against the others' uncommitted ones: the waits chained up to the statement timeout (503) or
 * closed into a deadlock (500), where the answer is simply that the time was taken.
 */
/**
 * The customer's row and the provider's lock, in one statement. False when the account is gone (deleted
 * while this request ran): then the provider's lock was not taken either, and nothing may be held.
 */
export async function lockForHold(db: Executor, customerId: number, providerId: number): Promise<boolean> {
  const rows = await holdLocks(db).execute({ customerId, providerId });
  return rows.length > 0;
}

// Prepared (db/client.ts, preparedPer), as are the hold's other statements below: every hold runs them.
const holdLocks = preparedPer((db) =>
  db
    .select({ id: users.id, locked: providerLock(sql.placeholder('providerId')) })
    .from(users)
    .where(eq(users.id, sql.placeholder('customerId')))
    .for('update')
    .prepare('lock_for_hold'),
);

/**
 * A provider's buffer, changed, applied to its bookings still ahead that hold their time (paid,
 * disputed or held): each keeps the provider busy for its service and the buffer now in force, as new
 * bookings do, but never into the next one (two booked back to back under a shorter buffer stay as
 * they were sold). Under the provider's lock (lockProviderTimes), after its stale holds are expired:
 * every range ends at or before the next start at each step, so the no-overlap constraint holds.
 */
export async function applyBufferAhead(db: Executor, providerId: number, bufferMinutes: number, now: Date) {
  await db.execute(sql`
    update ${bookings} b set
      ends_at = least(
        b.service_date + make_interval(mins => b.duration_minutes + ${bufferMinutes}::int),
        greatest(
          b.service_date + make_interval(mins => b.duration_minutes),
          coalesce((select min(n.service_date) from ${bookings} n
            where n.provider_id = b.provider_id and n.id <> b.id and n.service_date > b.service_date
              and n.status in ('awaiting_payment', 'confirmed', 'completed', 'disputed')), 'infinity'))),
      updated_at = ${now}
    where b.provider_id = ${providerId} and b.service_date > ${now}
      and b.status in ('awaiting_payment', 'confirmed', 'disputed')`);
}

/** The customer's unpaid holds that still hold their time. */
export async function listLiveHolds(db: Executor, customerId: number, now: Date) {
  return db.select().from(bookings).where(liveHoldsOf(customerId, now)).orderBy(asc(bookings.id));
}

const liveHoldsOf = (customerId: Bound<number>, now: Bound<Date>) =>
  and(
    eq(bookings.customerId, customerId),
    eq(bookings.status, 'awaiting_payment'),
    gt(bookings.holdExpiresAt, now),
  );

/**
 * `listLiveHolds` and `expireStaleHolds` (of one provider over [from, to)) in one statement: a hold is
 * live when it ends after `now` and stale when it ended before, so the two sets never meet and reading
 * the live ones from the statement's snapshot (before the expiry) answers the same list. Call it after
 * `lockCustomer`, in its own statement: a statement's snapshot is taken when it starts, so one that also
 * waited for the lock would miss a twin request's hold committed while it waited.
 */
export async function listLiveHoldsExpiringStale(
  db: Executor,
  input: { customerId: number; providerId: number; from: Date; to: Date; now: Date },
): Promise<BookingRow[]> {
  return liveHoldsExpiringStale(db).execute(input);
}

const liveHoldsExpiringStale = preparedPer((db) => {
  const now = sql.placeholder('now');
  const expired = db.$with('expired').as(
    db
      .update(bookings)
      .set({ status: targetOf('expire'), updatedAt: sql`${now}` })
      .where(
        staleHolds({
          providerId: sql.placeholder('providerId'),
          from: sql.placeholder('from'),
          to: sql.placeholder('to'),
          now,
        }),
      )
      .returning({ id: bookings.id }),
  );
  return db
    .with(expired)
    .select()
    .from(bookings)
    .where(liveHoldsOf(sql.placeholder('customerId'), now))
    .orderBy(asc(bookings.id))
    .prepare('live_holds_expiring_stale');
});

/** Ends unpaid holds at once (their customer held another time instead). */
export async function releaseHolds(db: Executor, ids: readonly number[], now: Date) {
  if (ids.length === 0) return;
  await db
    .update(bookings)
    .set({ status: targetOf('release'), holdExpiresAt: now, releasedAt: now, updatedAt: now })
    .where(releasableHolds(ids));
}

/**
 * The holds among `ids` that may still be released, read by their primary key. The status test is
 * written `(…) is true` so that PostgreSQL cannot read them through the partial indexes of waiting
 * holds (`where status = 'awaiting_payment'`): those indexes' row counts are the last vacuum's, and one
 * made at a quiet moment, with no hold waiting, says they are empty. The planner then chose to read a
 * whole index "of no rows" for the one row asked, and every replaced hold read every hold waiting
 * across the site (docs/decisions/008-search-at-scale.md, "A release that read every hold").
 */
export const releasableHolds = (ids: readonly number[]) =>
  and(
    inArray(bookings.id, [...ids]),
    sql`(${inArray(bookings.status, [...TRANSITIONS.release.from])}) is true`,
  );

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

/** A new hold's statuses: it waits for its payment. */
export const NEW_HOLD = { status: 'awaiting_payment', paymentStatus: 'pending' } as const;

/** What a new hold writes: every column it sets, the others take their defaults. */
export type NewHold = Pick<typeof bookings.$inferInsert, (typeof HOLD_COLUMNS)[number]> & typeof NEW_HOLD;
const HOLD_COLUMNS = [
  'reference',
  'customerId',
  'providerId',
  'serviceId',
  'serviceTitle',
  'serviceDate',
  'durationMinutes',
  'endsAt',
  'customerName',
  'customerEmail',
  'customerPhone',
  'notes',
  'deliveredAt',
  'cancellationPolicy',
  'serviceAddress',
  'location',
  'priceCents',
  'discountCents',
  'feeCents',
  'taxCents',
  'totalCents',
  'lines',
  'promoCode',
  'partnerHstNumber',
  'holdExpiresAt',
  'createdAt',
  'updatedAt',
] as const;

/** A new hold's booking (prepared: every hold writes one). */
/**
 * Inserts a new hold, or nothing when another booking has its reference already (the caller draws
 * another): the transaction goes on either way. A time that is taken still fails the insert, with the
 * no-overlap constraint's error (isSlotConflict).
 */
export async function insertHold(db: Executor, values: NewHold): Promise<BookingRow | undefined> {
  const filled = Object.fromEntries(HOLD_COLUMNS.map((column) => [column, values[column] ?? null]));
  // A nullable JSON column goes as text: a placeholder's column encoder would write null as JSON null.
  const serviceAddress = values.serviceAddress ? JSON.stringify(values.serviceAddress) : null;
  const [row] = await holdInsert(db).execute({ ...filled, serviceAddress });
  return row;
}

const holdInsert = preparedPer((db) =>
  db
    .insert(bookings)
    .values({
      ...(Object.fromEntries(HOLD_COLUMNS.map((column) => [column, sql.placeholder(column)])) as {
        [K in (typeof HOLD_COLUMNS)[number]]: Placeholder<K>;
      }),
      serviceAddress: sql`${sql.placeholder('serviceAddress')}::jsonb`,
      ...NEW_HOLD,
    })
    .onConflictDoNothing({ target: bookings.reference })
    .returning()
    .prepare('insert_hold'),
);

/**
 * A new hold in one statement, its own transaction (migration 0032): under the locks of lockForHold,
 * the provider's stale holds over its time expired, then inserted when the customer holds nothing else
 * at this provider and fewer than `maxOpen` in all. Undefined, with nothing inserted, for any other case
 * (the account is gone, a hold of theirs here is to be answered again or replaced, too many, a
 * reference drawn twice): the caller then decides it the long way, in a transaction. A taken time
 * fails with the no-overlap constraint's error (isSlotConflict), as insertHold does. For a hold without
 * a promo code only: the function knows nothing of codes.
 */
export async function holdInOneStatement(
  db: Executor,
  values: NewHold,
  input: { now: Date; maxOpen: number },
): Promise<BookingRow | undefined> {
  const byColumn: Record<string, unknown> = {
    [bookings.status.name]: values.status,
    [bookings.paymentStatus.name]: values.paymentStatus,
  };
  for (const column of HOLD_COLUMNS) {
    const value = values[column] ?? null;
    byColumn[bookings[column].name] = value instanceof Date ? value.toISOString() : value;
  }
  const [row] = await holdStatement(db).execute({
    // A lone UTF-16 surrogate (valid JSON, so the API takes it) is written by JSON.stringify as an
    // escape PostgreSQL's jsonb refuses: each becomes U+FFFD, as the driver's UTF-8 makes it on the long way.
    hold: JSON.stringify(byColumn, (_key, value) =>
      typeof value === 'string' ? (value as unknown as { toWellFormed(): string }).toWellFormed() : value,
    ),
    now: input.now.toISOString(),
    maxOpen: input.maxOpen,
  });
  return row;
}

// The function's row, read and decoded as a select of the table's own columns would be (Drizzle refuses
// the table's columns over a source that is not the table).
const functionRowOfBookings = Object.fromEntries(
  Object.entries(getTableColumns(bookings)).map(([key, column]) => [
    key,
    sql`${sql.identifier(column.name)}`.mapWith(column),
  ]),
) as { [K in keyof typeof bookings._.columns]: SQL<BookingRow[K]> };

const holdStatement = preparedPer((db) =>
  db
    .select(functionRowOfBookings)
    .from(
      sql`trillium_hold_in_one_statement(${sql.placeholder('hold')}::jsonb, ${sql.placeholder('now')}::timestamptz,
        ${sql.placeholder('maxOpen')}::int, ${`{${TRANSITIONS.expire.from.join(',')}}`}::text[],
        ${targetOf('expire')}, ${PROVIDER_HOLDS_LOCK}) as ${bookings}`,
    )
    .prepare('hold_in_one_statement'),
);

/**
 * Records a new hold's payment intent on its booking and as its payment row in one statement (a
 * data-modifying CTE is all or nothing like a transaction, without BEGIN and COMMIT round trips), which
 * first takes the provider's lock, as the hold did: writing the booking row again makes PostgreSQL
 * re-check its time against racers' uncommitted holds, which wait for this row in turn (a deadlock, a
 * 500). The lock is a CTE the update joins, so it is held before the row is written.
 *
 * Answers whether the booking is still held. It can have been released while the processor started
 * its payment (a Pay Now for another time at the same provider), and the release's void job may
 * already have run and found no intent to cancel: the intent is recorded on the booking all the same,
 * so that cancelling it can find it, and the caller cancels it (docs/product.md §8). The update sees
 * the release committed while it waited for the lock (PostgreSQL re-reads a row updated meanwhile).
 */
export async function attachIntent(
  db: Executor,
  values: {
    bookingId: number;
    providerId: number;
    processor: string;
    intentId: string;
    clientSecret: string | null;
    amountCents: number;
    status: string;
    createdAt: Date;
    updatedAt: Date;
  },
): Promise<{ held: boolean }> {
  const [row] = await intentAttach(db).execute(values);
  return { held: row?.held === true };
}

// Prepared (preparedPer): every hold runs it. The columns are the ones a new intent has; a repeat of the
// same intent (a retried request) updates what upsertPayment would: its status, with no card yet.
const intentAttach = preparedPer((db) => {
  const updatedAt = sql.placeholder('updatedAt');
  const locked = db
    .$with('locked')
    .as(
      db
        .select({ locked: providerLock(sql.placeholder('providerId')).as('locked') })
        .from(sql`(values (1)) as one`),
    );
  const attached = db.$with('attached').as(
    db
      .update(bookings)
      .set({ paymentIntentId: sql`${sql.placeholder('intentId')}`, updatedAt: sql`${updatedAt}` })
      .from(locked)
      .where(eq(bookings.id, sql.placeholder('bookingId')))
      .returning({
        held: sql<boolean>`${bookings.status} = 'awaiting_payment' and ${bookings.releasedAt} is null`.as(
          'held',
        ),
      }),
  );
  return db
    .with(locked, attached)
    .insert(payments)
    .values({
      bookingId: sql.placeholder('bookingId'),
      processor: sql.placeholder('processor'),
      intentId: sql.placeholder('intentId'),
      clientSecret: sql.placeholder('clientSecret'),
      amountCents: sql.placeholder('amountCents'),
      status: sql.placeholder('status'),
      createdAt: sql.placeholder('createdAt'),
      updatedAt,
    })
    .onConflictDoUpdate({
      target: payments.intentId,
      set: {
        status: sql`excluded.status`,
        paymentMethodId: null,
        failureCode: null,
        failureMessage: null,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ held: sql<boolean>`coalesce((select held from attached), false)` })
    .prepare('attach_intent');
});

export async function upsertPayment(db: Executor, values: typeof payments.$inferInsert) {
  await db
    .insert(payments)
    .values(values)
    .onConflictDoUpdate({ target: payments.intentId, set: paymentUpdate(values), setWhere: laterWord });
}

/**
 * Which word may replace the one a payment row has: the processor's outcomes only move forward. A
 * payment taken stays taken (a declined card confirmed at the same moment as a good one answers after
 * it), and a refunded one stays refunded (a success delivered again by the webhook); a success may
 * repeat, to add the card that paid.
 */
const laterWord = sql`${payments.status} not in ('succeeded', 'refunded', 'mismatch_refunded')
  or (${payments.status} = 'succeeded' and excluded.status = 'succeeded')`;

/**
 * A payment whose amount or currency was not its booking's (`mismatched`), given back in full by the
 * processor: answers whether this call marked it (a second call finds it marked already).
 */
export async function markMismatchRefunded(
  db: Executor,
  intentId: string,
  input: { amountCents: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({
      status: 'mismatch_refunded',
      refundedCents: input.amountCents,
      failureMessage: sql`${payments.failureMessage} || ' Refunded in full automatically.'`,
      updatedAt: input.now,
    })
    .where(and(eq(payments.intentId, intentId), eq(payments.status, 'mismatched')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function findPaymentStatus(db: Executor, intentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.intentId, intentId))
    .limit(1);
  return row?.status;
}

/** What a later word from the processor changes on a payment row it already has. */
const paymentUpdate = (values: typeof payments.$inferInsert) => ({
  status: values.status,
  paymentMethodId: values.paymentMethodId ?? null,
  failureCode: values.failureCode ?? null,
  failureMessage: values.failureMessage ?? null,
  // The card that paid, once the processor has said (a later call without it keeps it).
  ...(values.cardLast4 ? { cardBrand: values.cardBrand, cardLast4: values.cardLast4 } : {}),
  updatedAt: values.updatedAt ?? new Date(),
});

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

/**
 * The booking a payment intent belongs to. `forUpdate` locks its row for the rest of the transaction,
 * after its provider's lock, taken in the same statement: computed in the row's output, which comes
 * after the filter (only the intent's row is asked) and before the row lock. That is the order holds
 * and moves take them in, so a payment confirming a time never waits on a racer's uncommitted hold
 * while that racer waits on it (lockForHold). Not in the filter: PostgreSQL may test a filter's
 * conditions in any order, and would then lock the provider of every row a scan passes.
 */
export async function findBookingByIntent(
  db: Executor,
  intentId: string,
  options: { forUpdate?: boolean } = {},
): Promise<BookingRow | undefined> {
  if (!options.forUpdate) {
    const [row] = await bookingByIntent(db).execute({ intentId });
    return row;
  }
  const [row] = await bookingByIntentLocked(db).execute({ intentId });
  if (!row) return undefined;
  const { providerLocked: _, ...booking } = row;
  return booking;
}

// Prepared (db/client.ts, preparedPer): every payment reads its booking by its intent, twice.
const bookingByIntent = preparedPer((db) =>
  db
    .select()
    .from(bookings)
    .where(eq(bookings.paymentIntentId, sql.placeholder('intentId')))
    .limit(1)
    .prepare('booking_by_intent'),
);
const bookingByIntentLocked = preparedPer((db) =>
  db
    .select({
      ...getTableColumns(bookings),
      providerLocked: providerLock(bookings.providerId),
    })
    .from(bookings)
    .where(eq(bookings.paymentIntentId, sql.placeholder('intentId')))
    .limit(1)
    .for('update')
    .prepare('booking_by_intent_locked'),
);

/** A paid booking becomes confirmed (the lifecycle's `pay`): its hold ends, its payment is confirmed. */
export async function confirmPaidBooking(db: Executor, id: number, now: Date): Promise<BookingRow> {
  const [row] = await paidConfirm(db).execute({ id, now });
  return row!;
}

// Prepared (db/client.ts, preparedPer): every payment runs it.
const paidConfirm = preparedPer((db) => {
  const now = sql`${sql.placeholder('now')}`;
  return db
    .update(bookings)
    .set({
      status: targetOf('pay'),
      paymentStatus: 'confirmed',
      holdExpiresAt: null,
      confirmedAt: now,
      updatedAt: now,
    })
    .where(eq(bookings.id, sql.placeholder('id')))
    .returning()
    .prepare('confirm_paid_booking');
});

export async function updateBooking(db: Executor, id: number, values: Partial<typeof bookings.$inferInsert>) {
  const [row] = await db.update(bookings).set(values).where(eq(bookings.id, id)).returning();
  return row!;
}

/** The provider of a booking, with its owner's e-mail and whether they want booking e-mails. */
export async function findProviderBasics(db: Executor, providerId: number) {
  const [row] = await providerBasics(db).execute({ providerId });
  return row;
}

// Prepared (db/client.ts, preparedPer): every payment's confirmation asks it, and PostgreSQL took
// longer to plan it than to run it (docs/decisions/008, "A payment's lookups, prepared").
const providerBasics = preparedPer((db) =>
  db
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
    .where(eq(providers.id, sql.placeholder('providerId')))
    .limit(1)
    .prepare('provider_basics'),
);

export type ProviderForBooking = {
  provider: Provider;
  /** Its HST registration now (none: not registered), which a booking priced now is charged under. */
  hstNumber: string | null;
  /** Its minimum notice, the buffer after each booking and the cancellation policy new bookings get. */
  rules: { noticeHours: number; bufferMinutes: number; policy: BookingRow['cancellationPolicy'] };
  /** Its days off ([first, last] local dates) within a day of `start`'s UTC date. */
  daysOff: [string, string][];
};

/**
 * An active provider with its booking rules and its days off around `start`, in one query. The days
 * off cover a day either side of `start`'s UTC date, so the caller can test the provider's local date
 * (never more than a day away from the UTC one) as the rest of the app computes it.
 */
export async function findProviderForBooking(
  db: Executor,
  providerId: number,
  start: Date,
): Promise<ProviderForBooking | undefined> {
  // An invalid start (refused by the caller's checks) matches no day off.
  const day = Number.isNaN(start.getTime()) ? null : start.toISOString().slice(0, 10);
  const [row] = await providerForBooking(db).execute({ providerId, day });
  if (!row) return undefined;
  const record = jsonValue(row.record);
  return {
    provider: toProvider(record),
    hstNumber: record.hstNumber ?? null,
    rules: { noticeHours: row.noticeHours, bufferMinutes: row.bufferMinutes, policy: row.policy },
    daysOff: jsonValue(row.daysOff),
  };
}

// Prepared (db/client.ts, preparedPer): every hold asks it, and the provider's record is a large query.
const providerForBooking = preparedPer((db) =>
  db
    .select({
      record: sql<ProviderRecord | string>`${providerJson}`,
      noticeHours: sql<number>`p.minimum_notice_hours`,
      bufferMinutes: sql<number>`p.buffer_minutes`,
      policy: sql<BookingRow['cancellationPolicy']>`p.cancellation_policy`,
      daysOff: sql<[string, string][] | string>`coalesce((
        select json_agg(json_build_array(t.start_date, t.end_date)) from provider_time_off t
        where t.provider_id = p.id
          and t.start_date <= ${sql.placeholder('day')}::date + 1
          and t.end_date >= ${sql.placeholder('day')}::date - 1), '[]'::json)`,
    })
    .from(sql`providers p join categories c on c.id = p.category_id`)
    .where(sql`p.is_active and p.id = ${sql.placeholder('providerId')}`)
    .prepare('find_provider_for_booking'),
);
