import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Booking } from '../../../shared/contract/bookings';
import { type Executor, queryRows } from '../../db/client';
import { minutesToTime } from '../../../shared/domain/schedule';
import { bookings, payments, providers } from '../../db/schema';

/** A booking is live (holds its slot) while awaiting payment within its hold, or confirmed, or completed. */
export const LIVE_STATUSES = ['awaiting_payment', 'confirmed', 'completed'] as const;

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Start instants (ms) taken between `from` and `to`: booked, or held by an unexpired hold. */
export async function takenStarts(
  db: Executor,
  providerId: number,
  from: Date,
  to: Date,
  now: Date,
): Promise<Set<number>> {
  const rows = await db
    .select({ serviceDate: bookings.serviceDate })
    .from(bookings)
    .where(
      and(
        eq(bookings.providerId, providerId),
        gte(bookings.serviceDate, from),
        lt(bookings.serviceDate, to),
        sql`(${bookings.status} in ('confirmed', 'completed') or (${bookings.status} = 'awaiting_payment' and ${bookings.holdExpiresAt} > ${now}))`,
      ),
    );
  return new Set(rows.map((r) => r.serviceDate.getTime()));
}

/** Frees a slot whose unpaid hold has run out, so the unique index lets someone else take it. */
export async function expireStaleHolds(
  db: Executor,
  input: { providerId?: number; serviceDate?: Date; now: Date },
) {
  return db
    .update(bookings)
    .set({ status: 'expired', updatedAt: input.now })
    .where(
      and(
        eq(bookings.status, 'awaiting_payment'),
        lt(bookings.holdExpiresAt, input.now),
        input.providerId !== undefined ? eq(bookings.providerId, input.providerId) : undefined,
        input.serviceDate !== undefined ? eq(bookings.serviceDate, input.serviceDate) : undefined,
      ),
    )
    .returning({ id: bookings.id });
}

export async function findLiveHold(
  db: Executor,
  input: { customerId: number; providerId: number; serviceDate: Date; now: Date },
) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.customerId, input.customerId),
        eq(bookings.providerId, input.providerId),
        eq(bookings.serviceDate, input.serviceDate),
        eq(bookings.status, 'awaiting_payment'),
        sql`${bookings.holdExpiresAt} > ${input.now}`,
      ),
    )
    .limit(1);
  return row;
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

export async function findProviderBasics(db: Executor, providerId: number) {
  const [row] = await db
    .select({
      id: providers.id,
      name: providers.name,
      ownerUserId: providers.ownerUserId,
      location: providers.location,
    })
    .from(providers)
    .where(eq(providers.id, providerId))
    .limit(1);
  return row;
}

const labelFormat = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'America/Toronto',
});

export function toBookingView(row: BookingRow & { providerName: string; providerLocation: string }): Booking {
  return {
    id: row.id,
    referenceNumber: row.reference,
    providerId: row.providerId,
    providerName: row.providerName,
    serviceTitle: row.serviceTitle,
    serviceDate: row.serviceDate.toISOString(),
    serviceTime: labelFormat.format(row.serviceDate),
    location: row.location ?? row.providerLocation,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentAmount: row.totalCents / 100,
    priceCents: row.priceCents,
    feeCents: row.feeCents,
    totalCents: row.totalCents,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    notes: row.notes,
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const viewColumns = { providerName: providers.name, providerLocation: providers.location };

/** A customer's bookings, newest appointment first; expired holds are not bookings anyone made. */
export async function listCustomerBookings(db: Executor, customerId: number): Promise<Booking[]> {
  const rows = await db
    .select({ booking: bookings, ...viewColumns })
    .from(bookings)
    .innerJoin(providers, eq(providers.id, bookings.providerId))
    .where(
      and(
        eq(bookings.customerId, customerId),
        inArray(bookings.status, ['confirmed', 'completed', 'cancelled']),
      ),
    )
    .orderBy(desc(bookings.serviceDate));
  return rows.map((r) =>
    toBookingView({ ...r.booking, providerName: r.providerName, providerLocation: r.providerLocation }),
  );
}

/** One booking of this customer: another customer's id is the same 404 as a missing one. */
export async function findCustomerBooking(
  db: Executor,
  id: number,
  customerId: number,
): Promise<Booking | undefined> {
  const [row] = await db
    .select({ booking: bookings, ...viewColumns })
    .from(bookings)
    .innerJoin(providers, eq(providers.id, bookings.providerId))
    .where(and(eq(bookings.id, id), eq(bookings.customerId, customerId)))
    .limit(1);
  return row
    ? toBookingView({
        ...row.booking,
        providerName: row.providerName,
        providerLocation: row.providerLocation,
      })
    : undefined;
}

/** What availability needs, in one round trip: the weekly hours, the time zone and the taken starts. */
export async function findAvailabilityInputs(
  db: Executor,
  providerId: number,
  from: Date,
  to: Date,
  now: Date,
) {
  const [row] = await queryRows<{
    timeZone: string;
    schedule: [number, number, number][] | string | null;
    taken: number[] | string | null;
  }>(
    db,
    sql`select p.time_zone as "timeZone",
      (select json_agg(json_build_array(h.weekday, h.opens_at_minute, h.closes_at_minute) order by h.weekday)
        from provider_schedules h where h.provider_id = p.id) as schedule,
      (select json_agg((extract(epoch from b.service_date) * 1000)::bigint) from bookings b
        where b.provider_id = p.id and b.service_date >= ${from} and b.service_date < ${to}
          and (b.status in ('confirmed', 'completed') or (b.status = 'awaiting_payment' and b.hold_expires_at > ${now}))) as taken
    from providers p where p.id = ${providerId} and p.is_active`,
  );
  if (!row) return undefined;
  const parse = <T>(value: T | string | null): T | null =>
    typeof value === 'string' ? (JSON.parse(value) as T) : value;
  return {
    timeZone: row.timeZone,
    schedule: (parse(row.schedule) ?? []).map(([day, opens, closes]) => ({
      day,
      opensAt: minutesToTime(opens),
      closesAt: minutesToTime(closes),
    })),
    taken: new Set((parse(row.taken) ?? []).map(Number)),
  };
}
