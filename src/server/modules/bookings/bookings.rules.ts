import { isScheduledStart, latestBookableStart } from '../../../shared/domain/slots';
import { torontoDate } from '../../../shared/domain/time';
import { bookingErrors } from './bookings.errors';
import type { ProviderForBooking } from './bookings.repository';

/**
 * Refuses a start a customer may not book (or move a booking to): past, beyond the booking window, off
 * the provider's hours for this duration, on a day off, or sooner than the minimum notice. Answers the
 * provider's booking rules. The provider comes with its rules and days off (findProviderForBooking), so
 * deciding costs no further query.
 */
export function assertBookableStart(
  { provider, rules, daysOff }: ProviderForBooking,
  start: Date,
  durationMinutes: number,
  now: Date,
) {
  if (start.getTime() <= now.getTime()) throw bookingErrors.slotInPast();
  if (start.getTime() > latestBookableStart(now)) throw bookingErrors.slotTooFar();
  if (!isScheduledStart(provider.schedule, start, provider.timeZone, durationMinutes))
    throw bookingErrors.slotOffSchedule();
  // Dates as YYYY-MM-DD compare as strings.
  const date = torontoDate(start, provider.timeZone);
  if (daysOff.some(([first, last]) => first <= date && last >= date)) throw bookingErrors.slotOffSchedule();
  if (start.getTime() < now.getTime() + rules.noticeHours * 3_600_000)
    throw bookingErrors.slotTooSoon(rules.noticeHours);
  return rules;
}

/** An unpaid hold whose ten minutes still run: its time is the customer's until then (docs/product.md §6). */
export function holdStillRuns(booking: { status: string; holdExpiresAt: Date | null }, now: Date): boolean {
  return (
    booking.status === 'awaiting_payment' &&
    booking.holdExpiresAt !== null &&
    booking.holdExpiresAt.getTime() > now.getTime()
  );
}

/** A hold whose time ran out before its payment came (expired, or not swept yet). */
export function holdLapsed(booking: { status: string; holdExpiresAt: Date | null }, now: Date): boolean {
  return (
    booking.status === 'expired' || (booking.status === 'awaiting_payment' && !holdStillRuns(booking, now))
  );
}
