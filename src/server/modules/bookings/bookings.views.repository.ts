import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Booking } from '../../../shared/contract/bookings';
import { formatClockTime } from '../../../shared/domain/dates';
import { addLines, legacyLines, type MoneyLine } from '../../../shared/domain/price-lines';
import type { Executor } from '../../db/client';
import { bookings, providers } from '../../db/schema';
import { refundTotals } from './bookings.events.repository';
import type { BookingRow } from './bookings.repository';

/**
 * The one view of a booking (customer, partner and admin screens), read with its provider. Who may
 * see which booking is part of each query: another person's booking is the same "not found" as a
 * missing one.
 */

/** How long after the appointment a partner still sees the customer's address, phone and notes. */
export const PARTNER_DETAILS_DAYS = 30;

/**
 * Who reads: the partner's view shows the customer's address, phone and notes from confirmation (a
 * paid booking) until 30 days after the appointment; a hold still waiting for its payment, or one
 * cancelled before it was paid, shows only the city.
 */
export type Viewer = { as: 'customer' | 'partner' | 'admin'; now: Date };

/** Payment states of a booking that was paid (and so confirmed), refunded since or not. */
const PAID = new Set<BookingRow['paymentStatus']>(['confirmed', 'refunded']);

/**
 * Whether a partner sees only the city of a booking, not its address, phone and notes (docs/product.md
 * §7): never paid, or long past. The dashboard and the partner's calendar feed both ask this.
 */
export function partnerDetailsHidden(
  row: Pick<BookingRow, 'status' | 'paymentStatus' | 'serviceDate'>,
  viewer: Pick<Viewer, 'as' | 'now'>,
) {
  if (viewer.as !== 'partner') return false;
  const neverConfirmed = row.status === 'awaiting_payment' || !PAID.has(row.paymentStatus);
  const longPast = viewer.now.getTime() > row.serviceDate.getTime() + PARTNER_DETAILS_DAYS * 86_400_000;
  return neverConfirmed || longPast;
}

type Refunded = { cents: number; status: 'none' | 'pending' | 'succeeded' | 'failed'; lines: MoneyLine[][] };
const NOTHING_REFUNDED: Refunded = { cents: 0, status: 'none', lines: [] };

/** The lines a booking was charged (a row from before lines were kept: its service and fee). */
export function chargedLines(row: Pick<BookingRow, 'lines' | 'priceCents' | 'feeCents'>): MoneyLine[] {
  return row.lines ?? legacyLines(row.priceCents, row.feeCents);
}

export function toBookingView(
  row: BookingRow,
  provider: { name: string; location: string; city: string },
  viewer: Viewer,
  refunded: Refunded = NOTHING_REFUNDED,
): Booking {
  const hidden = partnerDetailsHidden(row, viewer);
  const city = row.serviceAddress?.city ?? provider.city;
  return {
    id: row.id,
    referenceNumber: row.reference,
    providerId: row.providerId,
    providerName: provider.name,
    serviceId: row.serviceId,
    serviceTitle: row.serviceTitle,
    serviceDate: row.serviceDate.toISOString(),
    serviceTime: formatClockTime(row.serviceDate),
    durationMinutes: row.durationMinutes,
    deliveredAt: row.deliveredAt,
    serviceAddress: hidden ? null : row.serviceAddress,
    location: hidden ? city : (row.location ?? provider.location),
    status: row.status,
    paymentStatus: row.paymentStatus,
    priceCents: row.priceCents,
    feeCents: row.feeCents,
    discountCents: row.discountCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    lines: chargedLines(row),
    refundedLines: addLines(chargedLines(row), refunded.lines),
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: hidden ? null : row.customerPhone,
    notes: hidden ? null : row.notes,
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.confirmedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    disputeSettledAt: row.disputeSettledAt?.toISOString() ?? null,
    endsAt: new Date(row.serviceDate.getTime() + row.durationMinutes * 60_000).toISOString(),
    cancellationPolicy: row.cancellationPolicy,
    rescheduleCount: row.rescheduleCount,
    cancelledBy: row.cancelledBy,
    cancelReason: row.cancelReason,
    refundedCents: refunded.cents,
    refundStatus: refunded.status,
  };
}

async function toViews(
  db: Executor,
  rows: { booking: BookingRow; name: string; location: string; city: string }[],
  viewer: Viewer,
) {
  const refunded = await refundTotals(
    db,
    rows.map((r) => r.booking.id),
  );
  return rows.map((r) => toBookingView(r.booking, r, viewer, refunded.get(r.booking.id)));
}

/** Whose bookings: a customer's, a listing's, or (admins) everybody's. */
export type BookingScope = { customerId: number } | { providerId: number } | { everyone: true };

const scopeCondition = (scope: BookingScope) =>
  'customerId' in scope
    ? eq(bookings.customerId, scope.customerId)
    : 'providerId' in scope
      ? eq(bookings.providerId, scope.providerId)
      : undefined;

/** Real bookings, and holds still running (a customer can continue paying; a partner sees the time taken). */
const listedCondition = (scope: BookingScope, now: Date) =>
  'everyone' in scope
    ? ne(bookings.status, 'expired')
    : sql`(${bookings.status} in ('confirmed', 'completed', 'cancelled', 'no_show', 'disputed') or (${bookings.status} = 'awaiting_payment' and ${bookings.holdExpiresAt} > ${now}))`;

const viewerOf = (scope: BookingScope, now: Date): Viewer => ({
  as: 'customerId' in scope ? 'customer' : 'providerId' in scope ? 'partner' : 'admin',
  now,
});

const withProvider = {
  booking: bookings,
  name: providers.name,
  location: providers.location,
  city: providers.city,
};

/**
 * Which bookings of a scope, in which order: `upcoming` (not yet ended, live, soonest first), `past`
 * (ended, cancelled or lapsed, most recent first), or everything (the admins' newest made first, the
 * others by appointment, newest first).
 */
export type BookingListing = { when?: 'upcoming' | 'past' };

export async function listBookingViews(
  db: Executor,
  scope: BookingScope,
  now: Date,
  listing: BookingListing = {},
): Promise<Booking[]> {
  const upcoming = sql`(${bookings.endsAt} > ${now} and ${bookings.status} in ('awaiting_payment', 'confirmed'))`;
  const rows = await db
    .select(withProvider)
    .from(bookings)
    .innerJoin(providers, eq(providers.id, bookings.providerId))
    .where(
      and(
        scopeCondition(scope),
        listedCondition(scope, now),
        listing.when === 'upcoming' ? upcoming : listing.when === 'past' ? sql`not ${upcoming}` : undefined,
      ),
    )
    .orderBy(
      ...(listing.when === 'upcoming'
        ? [asc(bookings.serviceDate), asc(bookings.id)]
        : 'everyone' in scope && !listing.when
          ? [desc(bookings.createdAt), desc(bookings.id)]
          : [desc(bookings.serviceDate), desc(bookings.id)]),
    )
    .limit(2000);
  return toViews(db, rows, viewerOf(scope, now));
}

/** One booking in a scope, or undefined. */
export async function findBookingView(
  db: Executor,
  id: number,
  scope: BookingScope,
  now: Date,
): Promise<Booking | undefined> {
  const [row] = await db
    .select(withProvider)
    .from(bookings)
    .innerJoin(providers, eq(providers.id, bookings.providerId))
    .where(and(eq(bookings.id, id), scopeCondition(scope)))
    .limit(1);
  return row ? (await toViews(db, [row], viewerOf(scope, now)))[0] : undefined;
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
