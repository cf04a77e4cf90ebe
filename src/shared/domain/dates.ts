import { LOCALE, TIME_ZONE } from './ontario';

/**
 * Every date and time a person reads, in one place (docs/product.md §1): Toronto time, `en-CA` words,
 * clock times as `10:00 AM`, and a booked time always followed by "ET". Screens, e-mails and calendar
 * texts all format through these, so they can never disagree.
 */

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, locale: string, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** `10:00 AM`: a clock time in `timeZone` (Toronto unless given). */
export function formatClockTime(instant: Date | string, timeZone = TIME_ZONE): string {
  return formatter(`clock:${timeZone}`, 'en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).format(new Date(instant));
}

/** `Saturday, November 28, 2026 at 10:00 AM ET`: a booked time, as every screen and e-mail shows it. */
export function formatBookedTime(instant: Date | string, timeZone = TIME_ZONE): string {
  const date = formatter(`booked:${timeZone}`, LOCALE, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(instant));
  return `${date} at ${formatClockTime(instant, timeZone)} ET`;
}

/** `November 22, 2026`: the calendar day in Toronto. */
export function formatDate(instant: Date | string): string {
  return formatter('date', LOCALE, {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(instant));
}

/** `Nov 22, 2026`: the calendar day in Toronto, short. */
export function formatShortDate(instant: Date | string): string {
  return formatter('short-date', LOCALE, {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(instant));
}

/** `Mon, Nov 30`: a calendar date (`YYYY-MM-DD`, already a Toronto date), without converting zones. */
export function formatCalendarDay(date: string): string {
  return formatter('calendar-day', LOCALE, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}
