import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookings, providers, users } from '../../db/schema';
import { partnerDetailsHidden } from '../bookings/bookings.views.repository';
import type { CalendarBooking } from './calendar.ics';

/** Calendar feed secrets, and the bookings a feed lists. */

/**
 * The account's feed token, made now if it has none: set only while none is set, in one statement, so
 * two first asks at once (two tabs, two devices) answer the same token, the one stored.
 */
export async function feedTokenOrNew(
  db: Executor,
  userId: number,
  fresh: string,
): Promise<string | undefined> {
  const [row] = await db
    .update(users)
    .set({ calendarToken: sql`coalesce(${users.calendarToken}, ${fresh})` })
    .where(eq(users.id, userId))
    .returning({ token: users.calendarToken });
  return row?.token ?? undefined;
}

export async function saveCalendarToken(db: Executor, userId: number, token: string) {
  await db.update(users).set({ calendarToken: token }).where(eq(users.id, userId));
}

export async function findUserByCalendarToken(db: Executor, token: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, language: users.language })
    .from(users)
    .where(eq(users.calendarToken, token))
    .limit(1);
  return row;
}

/**
 * A customer's bookings (`customerId`) or a listing's (`ownerUserId`) from `since` on: paid, done or
 * cancelled (a cancelled one stays in the feed as cancelled, so calendars remove it).
 */
export async function listCalendarBookings(
  db: Executor,
  scope: { customerId: number } | { ownerUserId: number },
  since: Date,
  now: Date,
): Promise<CalendarBooking[]> {
  const rows = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      serviceTitle: bookings.serviceTitle,
      providerName: providers.name,
      serviceDate: bookings.serviceDate,
      durationMinutes: bookings.durationMinutes,
      location: bookings.location,
      status: bookings.status,
      rescheduleCount: bookings.rescheduleCount,
      customerName: bookings.customerName,
      paymentStatus: bookings.paymentStatus,
      serviceAddress: bookings.serviceAddress,
      providerCity: providers.city,
    })
    .from(bookings)
    .innerJoin(providers, eq(providers.id, bookings.providerId))
    .where(
      and(
        'customerId' in scope
          ? eq(bookings.customerId, scope.customerId)
          : eq(providers.ownerUserId, scope.ownerUserId),
        inArray(bookings.status, ['confirmed', 'completed', 'cancelled', 'no_show', 'disputed']),
        gte(bookings.serviceDate, since),
      ),
    )
    .orderBy(asc(bookings.serviceDate))
    .limit(1000);
  const partner = 'ownerUserId' in scope;
  return rows.map(({ customerName, paymentStatus, serviceAddress, providerCity, ...row }) => {
    // A partner's feed hides what the dashboard hides: a hold never paid shows its city only.
    const hidden = partner && partnerDetailsHidden({ ...row, paymentStatus }, { as: 'partner', now });
    return {
      ...row,
      location: hidden ? (serviceAddress?.city ?? providerCity) : row.location,
      ...(partner ? { customerName } : {}),
    };
  });
}
