import type { Availability } from '@shared/contract/availability';
import { BOOKING_WINDOW_DAYS, type Slot } from '@shared/domain/slots';
import { addDaysToDate, torontoDate } from '@shared/domain/time';
import { LOCALE_TAGS, type Locale } from '@shared/i18n/locales';

export type BookingDay = {
  /** `YYYY-MM-DD`, a Toronto calendar day. */
  date: string;
  weekday: string;
  day: string;
  month: string;
  /** `Monday, November 23`, for screen readers. */
  fullLabel: string;
  slots: Slot[];
  hasFreeSlot: boolean;
};

const part = (locale: Locale, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...options, timeZone: 'UTC' });
type StripFormats = { weekday: Intl.DateTimeFormat; month: Intl.DateTimeFormat; full: Intl.DateTimeFormat };
// Built on first use, for the page's language only: six formatters built when this module loaded were
// a long task while a service page hydrated on a phone.
const formats: Partial<Record<Locale, StripFormats>> = {};
const formatsFor = (locale: Locale): StripFormats =>
  (formats[locale] ??= {
    weekday: part(locale, { weekday: 'short' }),
    month: part(locale, { month: 'short' }),
    full: part(locale, { weekday: 'long', month: 'long', day: 'numeric' }),
  });

/** Noon UTC of a calendar day: formatting it in UTC gives back the same calendar day. */
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

/**
 * The date strip: `count` Toronto calendar days from today, each with the server's slots for that day.
 * A day the server lists no free slot for (closed, past or fully booked) cannot be chosen.
 */
export function bookingDays(
  now: Date,
  availability: Availability | undefined,
  count = BOOKING_WINDOW_DAYS,
  locale: Locale = 'en',
): BookingDay[] {
  const { weekday: weekdayFormat, month: monthFormat, full: fullFormat } = formatsFor(locale);
  const today = torontoDate(now);
  const byDate = new Map((availability?.days ?? []).map((d) => [d.date, d.slots]));
  return Array.from({ length: count }, (_, offset) => {
    const date = addDaysToDate(today, offset);
    const noon = noonOf(date);
    const slots = byDate.get(date) ?? [];
    return {
      date,
      weekday: weekdayFormat.format(noon).replace('.', ''),
      day: String(noon.getUTCDate()),
      month: monthFormat.format(noon).replace('.', ''),
      fullLabel: fullFormat.format(noon),
      slots,
      hasFreeSlot: slots.some((slot) => slot.available),
    };
  });
}
