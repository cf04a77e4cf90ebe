import { BOOKING_WINDOW_DAYS, isScheduledStart } from '../../../shared/domain/slots';
import { torontoDate } from '../../../shared/domain/time';
import type { Database } from '../../db/client';
import type { loadProviders } from '../catalog/catalog.repository';
import { bookingErrors } from './bookings.errors';
import { findBookingRules } from './bookings.repository';

const DAY_MS = 86_400_000;

type ScheduledProvider = Awaited<ReturnType<typeof loadProviders>>[number];

/**
 * Refuses a start a customer may not book (or move a booking to): past, beyond the booking window, off
 * the provider's hours for this duration, on a day off, or sooner than the minimum notice. Answers the
 * provider's booking rules for that day.
 */
export async function assertBookableStart(
  db: Database,
  provider: ScheduledProvider,
  start: Date,
  durationMinutes: number,
  now: Date,
) {
  if (start.getTime() <= now.getTime()) throw bookingErrors.slotInPast();
  if (start.getTime() > now.getTime() + (BOOKING_WINDOW_DAYS + 1) * DAY_MS) throw bookingErrors.slotTooFar();
  if (!isScheduledStart(provider.schedule, start, provider.timeZone, durationMinutes))
    throw bookingErrors.slotOffSchedule();
  const rules = await findBookingRules(db, provider.id, torontoDate(start, provider.timeZone));
  if (!rules || rules.closed) throw bookingErrors.slotOffSchedule();
  if (start.getTime() < now.getTime() + rules.noticeHours * 3_600_000)
    throw bookingErrors.slotTooSoon(rules.noticeHours);
  return rules;
}
