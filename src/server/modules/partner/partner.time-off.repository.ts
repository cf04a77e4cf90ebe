import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { PartnerBookingRules } from '../../../shared/contract/partner';
import type { Executor } from '../../db/client';
import { bookings, providers, providerTimeOff } from '../../db/schema';

/** A partner's booking rules and days off (docs/product.md §9). */

export async function updateBookingRules(
  db: Executor,
  providerId: number,
  rules: PartnerBookingRules,
  now: Date,
) {
  await db
    .update(providers)
    .set({
      minimumNoticeHours: rules.minimumNoticeHours,
      bufferMinutes: rules.bufferMinutes,
      cancellationPolicy: rules.cancellationPolicy,
      updatedAt: now,
    })
    .where(eq(providers.id, providerId));
}

/** Time off ending today or later (Toronto date), soonest first. */
export async function listTimeOff(db: Executor, providerId: number, today: string) {
  return db
    .select({
      id: providerTimeOff.id,
      startDate: providerTimeOff.startDate,
      endDate: providerTimeOff.endDate,
      reason: providerTimeOff.reason,
    })
    .from(providerTimeOff)
    .where(and(eq(providerTimeOff.providerId, providerId), gte(providerTimeOff.endDate, today)))
    .orderBy(asc(providerTimeOff.startDate), asc(providerTimeOff.id))
    .limit(200);
}

export async function insertTimeOff(
  db: Executor,
  values: { providerId: number; startDate: string; endDate: string; reason: string | null; now: Date },
) {
  const [row] = await db
    .insert(providerTimeOff)
    .values({
      providerId: values.providerId,
      startDate: values.startDate,
      endDate: values.endDate,
      reason: values.reason,
      createdAt: values.now,
    })
    .returning({ id: providerTimeOff.id });
  return row!.id;
}

/** Deletes one of the provider's time-off entries; false when it is not theirs or not there. */
export async function deleteTimeOff(db: Executor, providerId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(providerTimeOff)
    .where(and(eq(providerTimeOff.id, id), eq(providerTimeOff.providerId, providerId)))
    .returning({ id: providerTimeOff.id });
  return rows.length > 0;
}

/** Paid or still-held bookings of the provider starting in [from, to). */
export async function bookingsBetween(db: Executor, providerId: number, from: Date, to: Date, now: Date) {
  const rows = await db
    .select({
      id: bookings.id,
      referenceNumber: bookings.reference,
      serviceTitle: bookings.serviceTitle,
      serviceDate: bookings.serviceDate,
      customerName: bookings.customerName,
      status: bookings.status,
      holdExpiresAt: bookings.holdExpiresAt,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.providerId, providerId),
        gte(bookings.serviceDate, from),
        lt(bookings.serviceDate, to),
        inArray(bookings.status, ['confirmed', 'awaiting_payment']),
      ),
    )
    .orderBy(asc(bookings.serviceDate));
  return rows
    .filter((r) => r.status === 'confirmed' || (r.holdExpiresAt !== null && r.holdExpiresAt > now))
    .map(({ holdExpiresAt: _, serviceDate, ...r }) => ({ ...r, serviceDate: serviceDate.toISOString() }));
}
