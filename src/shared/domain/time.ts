import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from './ontario';

/** `YYYY-MM-DD` of an instant, in Toronto. */
export function torontoDate(instant: Date, timeZone = TIME_ZONE): string {
  const d = new TZDate(instant.getTime(), timeZone);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
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
