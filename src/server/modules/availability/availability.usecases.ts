import type { Availability } from '../../../shared/contract/availability';
import { BOOKING_WINDOW_DAYS, generateSlots, latestBookableStart } from '../../../shared/domain/slots';
import { addDaysToDate, torontoDate, torontoInstant } from '../../../shared/domain/time';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import { bookingErrors } from '../bookings/bookings.errors';
import { catalogErrors } from '../catalog/catalog.errors';
import { findAvailabilityInputs } from './availability.repository';

/**
 * A provider's starts for the next days, for one service (docs/product.md, "Availability"): a start is
 * free when the whole service fits before closing and overlaps no live booking or hold.
 */
export async function providerAvailability(
  deps: { db: Executor; clock: Clock },
  providerId: number,
  query: { from?: string; days?: number; serviceId?: number; moving?: number },
  customerId?: number,
): Promise<Availability> {
  const now = deps.clock.now();
  // Every provider is in Toronto for now: the window is counted in Toronto days.
  const from = query.from ?? torontoDate(now);
  const days = query.days ?? BOOKING_WINDOW_DAYS;
  const inputs = await findAvailabilityInputs(deps.db, {
    providerId,
    serviceId: query.serviceId,
    from: torontoInstant(from, 0),
    to: torontoInstant(addDaysToDate(from, days + 1), 0),
    now,
    customerId,
    movingBookingId: query.moving,
  });
  if (!inputs) throw catalogErrors.providerNotFound();
  if (inputs.serviceMinutes === null) throw bookingErrors.unknownService();
  return {
    timeZone: inputs.timeZone,
    durationMinutes: inputs.serviceMinutes,
    days: generateSlots({
      schedule: inputs.schedule,
      from,
      days,
      now,
      busy: inputs.busy,
      durationMinutes: inputs.serviceMinutes,
      bufferMinutes: inputs.bufferMinutes,
      earliestStart: now.getTime() + inputs.noticeHours * 3_600_000,
      // The window a hold accepts: a longer `days` or a later `from` lists the rest as taken.
      latestStart: latestBookableStart(now),
      closedDates: closedDatesOf(inputs.timeOff, from, days),
      timeZone: inputs.timeZone,
    }),
    yourHold: inputs.yourHold
      ? {
          bookingId: Number(inputs.yourHold.bookingId),
          start: new Date(inputs.yourHold.start).toISOString(),
          serviceTitle: inputs.yourHold.serviceTitle,
          holdExpiresAt: new Date(inputs.yourHold.holdExpiresAt).toISOString(),
        }
      : null,
  };
}

/** The dates in [from, from + days) that fall in a time-off range (both ends included). */
export function closedDatesOf(
  timeOff: readonly { startDate: string; endDate: string }[],
  from: string,
  days: number,
): Set<string> {
  const closed = new Set<string>();
  for (let offset = 0; offset < days; offset++) {
    const date = addDaysToDate(from, offset);
    if (timeOff.some((range) => range.startDate <= date && date <= range.endDate)) closed.add(date);
  }
  return closed;
}
