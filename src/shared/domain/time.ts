import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from './ontario';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `YYYY-MM-DD` of an instant, in Toronto. One `Intl` format call: a `TZDate` asked the zone's offset
 * several times, about 0.09 ms of each availability answer on the server (docs/decisions/008, "A parser
 * table per query"). Canadian English writes dates year-month-day; an engine whose data says otherwise
 * gets its parts put in that order.
 */
export function torontoDate(instant: Date, timeZone = TIME_ZONE): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  const text = format.format(instant);
  if (ISO_DATE.test(text)) return text;
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

// Zone arithmetic is slow next to everything else here, and the same few days are asked for again and
// again (the next two weeks), so results are remembered; the map is emptied when it grows large.
const instants = new Map<string, number>();

/** The instant of a wall-clock time (`minutes` after midnight) on a Toronto calendar day. */
export function torontoInstant(date: string, minutes: number, timeZone = TIME_ZONE): Date {
  const key = `${timeZone}|${date}|${minutes}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    ms = new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, timeZone).getTime();
    if (instants.size > 5000) instants.clear();
    instants.set(key, ms);
  }
  return new Date(ms);
}

// Calendar arithmetic, remembered like the instants above: availability asks the same fortnight's days
// for every provider.
const shiftedDates = new Map<string, string>();
const weekdays = new Map<string, number>();

/** The calendar day `days` after `date` (both `YYYY-MM-DD`). */
export function addDaysToDate(date: string, days: number): string {
  const key = `${date}|${days}`;
  let shifted = shiftedDates.get(key);
  if (shifted === undefined) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    shifted = new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
    if (shiftedDates.size > 5000) shiftedDates.clear();
    shiftedDates.set(key, shifted);
  }
  return shifted;
}

/** 0 (Sunday) to 6 (Saturday) for a calendar day. */
export function weekdayOf(date: string): number {
  let weekday = weekdays.get(date);
  if (weekday === undefined) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    if (weekdays.size > 5000) weekdays.clear();
    weekdays.set(date, weekday);
  }
  return weekday;
}
