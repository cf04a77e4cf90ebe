import { HISTORY_EVENT_KINDS, type HistoryEventKind } from '../../../shared/domain/booking-lifecycle';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MoneyLine } from '../../../shared/domain/price-lines';
import { type Executor, preparedPer } from '../../db/client';
import { type BookingEventKind, bookingEvents, refunds } from '../../db/schema';

/** The history of a booking: what happened, who did it, with the facts (times, cents, reasons). */

export type BookingEventInput = {
  bookingId: number;
  kind: BookingEventKind;
  actor: 'customer' | 'partner' | 'admin' | 'system';
  details?: Record<string, string | number | null>;
  at: Date;
};

export async function insertEvent(db: Executor, event: BookingEventInput) {
  await eventInsert(db).execute({ ...event, details: event.details ?? {} });
}

// Prepared (db/client.ts, preparedPer): every change of a booking writes one.
const eventInsert = preparedPer((db) =>
  db
    .insert(bookingEvents)
    .values({
      bookingId: sql.placeholder('bookingId'),
      kind: sql.placeholder('kind'),
      actor: sql.placeholder('actor'),
      details: sql.placeholder('details'),
      at: sql.placeholder('at'),
    })
    .prepare('insert_booking_event'),
);

export async function listEvents(db: Executor, bookingId: number) {
  return db
    .select({
      kind: bookingEvents.kind,
      actor: bookingEvents.actor,
      details: bookingEvents.details,
      at: bookingEvents.at,
    })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
}

/** Whether the booking's history has this kind of step with these facts (e.g. a reminder already sent). */
export async function hasEvent(
  db: Executor,
  bookingId: number,
  kind: BookingEventKind,
  details: Record<string, string | number | null>,
): Promise<boolean> {
  const [row] = await db
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(
      and(
        eq(bookingEvents.bookingId, bookingId),
        eq(bookingEvents.kind, kind),
        sql`${bookingEvents.details} @> ${JSON.stringify(details)}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The histories of many bookings at once (the customer's list), by booking id, oldest first. */
export async function listEventsFor(db: Executor, bookingIds: readonly number[]) {
  const byBooking = new Map<
    number,
    {
      kind: HistoryEventKind;
      actor: BookingEventInput['actor'];
      details: Record<string, string | number | null>;
      at: string;
    }[]
  >();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select()
    .from(bookingEvents)
    .where(
      and(
        inArray(bookingEvents.bookingId, [...bookingIds]),
        inArray(bookingEvents.kind, [...HISTORY_EVENT_KINDS]),
      ),
    )
    .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
  for (const row of rows) {
    const list = byBooking.get(row.bookingId) ?? [];
    list.push({
      kind: row.kind as HistoryEventKind,
      actor: row.actor,
      details: row.details,
      at: row.at.toISOString(),
    });
    byBooking.set(row.bookingId, list);
  }
  return byBooking;
}

/** What was refunded (or is being refunded) on bookings, by booking id, with each refund's lines. */
export async function refundTotals(db: Executor, bookingIds: readonly number[]) {
  const totals = new Map<
    number,
    { cents: number; status: 'none' | 'pending' | 'succeeded' | 'failed'; lines: MoneyLine[][] }
  >();
  if (bookingIds.length === 0) return totals;
  const rows = await db
    .select({
      bookingId: refunds.bookingId,
      cents: sql<number>`sum(${refunds.amountCents})::int`,
      pending: sql<number>`count(*) filter (where ${refunds.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${refunds.status} = 'failed')::int`,
      lines: sql<MoneyLine[][] | string>`json_agg(${refunds.lines} order by ${refunds.id})`,
    })
    .from(refunds)
    .where(inArray(refunds.bookingId, [...bookingIds]))
    .groupBy(refunds.bookingId);
  for (const row of rows) {
    const lines = typeof row.lines === 'string' ? (JSON.parse(row.lines) as MoneyLine[][]) : row.lines;
    totals.set(row.bookingId, {
      cents: Number(row.cents),
      status: Number(row.failed) > 0 ? 'failed' : Number(row.pending) > 0 ? 'pending' : 'succeeded',
      lines: (lines ?? []).filter((l): l is MoneyLine[] => Array.isArray(l)),
    });
  }
  return totals;
}
