import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from '../i18n/locales';
import { TIME_ZONE } from './ontario';

/**
 * Every date and time a person reads, in one place (docs/product.md §1): Toronto time, in the reader's
 * language. English: `Saturday, November 28, 2026 at 10:00 AM ET`, clock times as `10:00 AM`. French
 * (Quebec and Ontario usage): `samedi 28 novembre 2026, 10 h 00 HE`, clock times as `10 h 00`. Screens,
 * e-mails, receipts and calendar texts all format through these, so they can never disagree. The
 * locale is the last-but-one argument and English when left out. In French the spaces inside a time
 * (`10 h 00 HE`) are non-breaking (NBSP), as French typography wants: a line never breaks between
 * `10 h` and `00 HE` (texts are plain spaces again only where they must be: receipts.pdf.ts, SMS).
 */

/** A non-breaking space: the spaces inside a French time. */
export const NBSP = '\u00a0';

/** What follows a booked time: Eastern Time, `ET` in English and `HE` (heure de l'Est) in French. */
export const ZONE_HINT: Record<Locale, string> = { en: 'ET', fr: 'HE' };

const cache = new Map<string, Intl.DateTimeFormat>();
/** A cached formatter; `tag` is one of our locales (its BCP 47 tag is used) or a tag itself. */
function formatter(key: string, tag: Locale | 'en-US', options: Intl.DateTimeFormatOptions) {
  const cacheKey = `${tag}:${key}`;
  let format = cache.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(tag === 'en-US' ? tag : LOCALE_TAGS[tag], options);
    cache.set(cacheKey, format);
  }
  return format;
}

/** `10:00 AM` or `10 h 00`: a clock time in `timeZone` (Toronto unless given). */
export function formatClockTime(
  instant: Date | string,
  locale: Locale = DEFAULT_LOCALE,
  timeZone = TIME_ZONE,
): string {
  if (locale === 'fr') {
    const parts = formatter(`clock24:${timeZone}`, 'en-US', {
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).formatToParts(new Date(instant));
    const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
    const minute = parts.find((p) => p.type === 'minute')?.value ?? '00';
    return `${hour}${NBSP}h${NBSP}${minute}`;
  }
  return formatter(`clock:${timeZone}`, 'en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).format(new Date(instant));
}

/**
 * A booked time, as every screen and e-mail shows it: `Saturday, November 28, 2026 at 10:00 AM ET`,
 * `samedi 28 novembre 2026, 10 h 00 HE`.
 */
export function formatBookedTime(
  instant: Date | string,
  locale: Locale = DEFAULT_LOCALE,
  timeZone = TIME_ZONE,
): string {
  const date = formatter(`booked:${timeZone}`, locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(instant));
  const clock = formatClockTime(instant, locale, timeZone);
  return locale === 'fr' ? `${date}, ${clock}${NBSP}${ZONE_HINT.fr}` : `${date} at ${clock} ${ZONE_HINT.en}`;
}

/** `November 22, 2026`, `22 novembre 2026`: the calendar day in Toronto. */
export function formatDate(instant: Date | string, locale: Locale = DEFAULT_LOCALE): string {
  return formatter('date', locale, {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(instant));
}

/** `Nov 22, 2026`, `22 nov. 2026`: the calendar day in Toronto, short. */
export function formatShortDate(instant: Date | string, locale: Locale = DEFAULT_LOCALE): string {
  return formatter('short-date', locale, {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(instant));
}

/**
 * `Mon, Nov 30`, `lun. 30 nov.`: a calendar date (`YYYY-MM-DD`, already a Toronto date), without
 * converting zones.
 */
export function formatCalendarDay(date: string, locale: Locale = DEFAULT_LOCALE): string {
  return formatter('calendar-day', locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}
