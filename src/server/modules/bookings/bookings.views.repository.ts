import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Booking } from '../../../shared/contract/bookings';
import type { Executor } from '../../db/client';
import { bookings, providers } from '../../db/schema';
import type { BookingRow } from './bookings.repository';

/**
 * The one view of a booking (customer, partner and admin screens), read with its provider. Who may
 * see which booking is part of each query: another person's booking is the same "not found" as a
 * missing one.
 */

const timeLabel = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'America/Toronto',
});

export function toBookingView(row: BookingRow, provider: { name: string; location: string }): Booking {
  return {
    id: row.id,
    referenceNumber: row.reference,
    providerId: row.providerId,
    providerName: provider.name,
    serviceTitle: row.serviceTitle,
    serviceDate: row.serviceDate.toISOString(),
    serviceTime: timeLabel.format(row.serviceDate),
    durationMinutes: row.durationMinutes,
    location: row.location ?? provider.location,
    status: row.status,
    paymentStatus: row.paymentStatus,
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

/** Whose bookings: a customer's, a listing's, or (admins) everybody's. */
export type BookingScope = { customerId: number } | { providerId: number } | { everyone: true };

const scopeCondition = (scope: BookingScope) =>
  'customerId' in scope
    ? eq(bookings.customerId, scope.customerId)
    : 'providerId' in scope
      ? eq(bookings.providerId, scope.providerId)
      : undefined;

/** What each reader lists: customers their real bookings; partners also live holds; admins all but lapsed holds. */
const listedCondition = (scope: BookingScope, now: Date) =>
  'customerId' in scope
    ? inArray(bookings.status, ['confirmed', 'completed', 'cancelled'])
    : 'providerId' in scope
      ? sql`(${bookings.status} in ('confirmed', 'completed', 'cancelled') or (${bookings.status} = 'awaiting_payment' and ${bookings.holdExpiresAt} > ${now}))`
      : ne(bookings.status, 'expired');

const withProvider = { booking: bookings, name: providers.name, location: providers.location };

/** Bookings in a scope: customers' and listings' by appointment (newest first), the admins' newest made first. */
export async function listBookingViews(db: Executor, scope: BookingScope, now: Date): Promise<Booking[]> {
  const rows = await db
    .select(withProvider)
    .from(bookings)
    .innerJoin(providers, eq(providers.id, bookings.providerId))
    .where(and(scopeCondition(scope), listedCondition(scope, now)))
    .orderBy(
      ...('everyone' in scope
        ? [desc(bookings.createdAt), desc(bookings.id)]
        : [desc(bookings.serviceDate), desc(bookings.id)]),
    )
    .limit(2000);
  return rows.map((r) => toBookingView(r.booking, r));
}

/** One booking in a scope, or undefined. */
export async function findBookingView(
  db: Executor,
  id: number,
  scope: BookingScope,
): Promise<Booking | undefined> {
  const [row] = await db
    .select(withProvider)
    .from(bookings)
    .innerJoin(providers, eq(providers.id, bookings.providerId))
    .where(and(eq(bookings.id, id), scopeCondition(scope)))
    .limit(1);
  return row ? toBookingView(row.booking, row) : undefined;
}

/** The raw booking in a scope (for a transition), or undefined. */
export async function findScopedBooking(db: Executor, id: number, scope: BookingScope) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), scopeCondition(scope)))
    .limit(1);
  return row;
}
