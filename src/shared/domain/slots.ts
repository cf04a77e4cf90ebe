import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from './ontario';
import { type ScheduleDay, timeToMinutes } from './schedule';
import { addDaysToDate, torontoDate, torontoInstant, weekdayOf } from './time';
import { formatClockTime } from './dates';

/**
 * How far ahead customers can book; starts are offered every SLOT_MINUTES, and a service without a
 * duration of its own lasts DEFAULT_SERVICE_MINUTES (docs/product.md, "Availability").
 */
export const BOOKING_WINDOW_DAYS = 14;
export const SLOT_MINUTES = 60;
export const DEFAULT_SERVICE_MINUTES = 60;

/**
 * The latest start a customer may book at `now` (ms): BOOKING_WINDOW_DAYS ahead and the day after, so
 * the last day listed can be booked to its closing. Holds refuse a later start (slot_too_far), and
 * availability never lists one as free.
 */
export function latestBookableStart(now: Date): number {
  return now.getTime() + (BOOKING_WINDOW_DAYS + 1) * 86_400_000;
}

export type Slot = { start: string; label: string; available: boolean };
export type SlotDay = { date: string; slots: Slot[] };

/** A stretch of time a provider is busy: [start, end) in epoch milliseconds. */
export type BusyRange = { start: number; end: number };

/**
 * Whether [start, end) overlaps any of the busy ranges, asked many times: the ranges sorted by start once,
 * with the latest end among each prefix, so each question is a binary search (a provider with 200
 * bookings asked for 14 days of starts compared every start with every booking).
 */
export function busyOverlaps(
  busy: readonly BusyRange[] | undefined,
): (start: number, end: number) => boolean {
  if (!busy || busy.length === 0) return () => false;
  const sorted = [...busy].sort((a, b) => a.start - b.start);
  const starts = sorted.map((r) => r.start);
  const latestEnd: number[] = [];
  for (const [i, range] of sorted.entries())
    latestEnd.push(Math.max(range.end, latestEnd[i - 1] ?? -Infinity));
  return (start, end) => {
    // The ranges that start before `end`: the first `count` of them; one overlaps when the latest of
    // their ends is after `start`.
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (starts[mid]! < end) low = mid + 1;
      else high = mid;
    }
    return low > 0 && latestEnd[low - 1]! > start;
  };
}

/**
 * Hourly starts inside a weekly schedule, from `from` for `days` days, in the provider's time zone, for
 * a service of `durationMinutes` (60 unless given): only starts from which the service ends by closing
 * are listed. A start is unavailable when it is past, or when the time the booking would keep the
 * provider busy (`durationMinutes + bufferMinutes`) overlaps a `busy` range.
 */
export function generateSlots(input: {
  schedule: readonly ScheduleDay[];
  from: string;
  days: number;
  now: Date;
  busy?: readonly BusyRange[];
  durationMinutes?: number;
  bufferMinutes?: number;
  /** No start before this instant (ms) is available: the provider's minimum notice. */
  earliestStart?: number;
  /** No start after this instant (ms) is available: the booking window (latestBookableStart). */
  latestStart?: number;
  /** Days the provider is closed (time off), as `YYYY-MM-DD` in its time zone: no slots at all. */
  closedDates?: ReadonlySet<string>;
  timeZone?: string;
}): SlotDay[] {
  const timeZone = input.timeZone ?? TIME_ZONE;
  const duration = input.durationMinutes ?? DEFAULT_SERVICE_MINUTES;
  const occupiedMs = (duration + (input.bufferMinutes ?? 0)) * 60_000;
  const byDay = new Map(
    input.schedule.map((d) => [d.day, { open: timeToMinutes(d.opensAt), close: timeToMinutes(d.closesAt) }]),
  );
  const overlaps = busyOverlaps(input.busy);
  const result: SlotDay[] = [];
  for (let offset = 0; offset < input.days; offset++) {
    const date = addDaysToDate(input.from, offset);
    const hours = input.closedDates?.has(date) ? undefined : byDay.get(weekdayOf(date));
    const starts = hours ? dayStarts(timeZone, date, hours.open, hours.close, duration) : [];
    result.push({
      date,
      slots: starts.map(({ ms, start, label }) => ({
        start,
        label,
        available:
          ms > input.now.getTime() &&
          ms >= (input.earliestStart ?? 0) &&
          ms <= (input.latestStart ?? Number.POSITIVE_INFINITY) &&
          !overlaps(ms, ms + occupiedMs),
      })),
    });
  }
  return result;
}

type DayStart = { ms: number; start: string; label: string };

// A day's starts depend only on the day, its hours and the service's length, and customers look at the
// same two weeks again and again: the instants, their ISO strings and labels (zone arithmetic and
// formatting, most of the time availability spent in JavaScript) are remembered, as time.ts does.
const dayStartsCache = new Map<string, readonly DayStart[]>();

/**
 * The hourly starts of one calendar day in `timeZone`, from `open` (minutes after midnight) while a
 * service of `duration` minutes ends by `close`.
 */
function dayStarts(
  timeZone: string,
  date: string,
  open: number,
  close: number,
  duration: number,
): readonly DayStart[] {
  const key = `${timeZone}|${date}|${open}|${close}|${duration}`;
  const known = dayStartsCache.get(key);
  if (known) return known;
  const starts: DayStart[] = [];
  // A day without a clock change is 24 hours long: every start is midnight plus its minutes.
  const midnight = torontoInstant(date, 0, timeZone).getTime();
  const regularDay = torontoInstant(addDaysToDate(date, 1), 0, timeZone).getTime() - midnight === 86_400_000;
  // The service ends by the closing instant in real time: on a clock-change night the wall clock skips
  // or repeats an hour, so "its minutes plus the duration" would end an hour late (spring forward:
  // a 3:00 AM start of a 60-minute service ends at 4:00 AM EDT, after a 3:00 AM closing) or early.
  const closing = regularDay ? midnight + close * 60_000 : torontoInstant(date, close, timeZone).getTime();
  const seen = new Set<number>();
  for (let minute = open; minute < close; minute += SLOT_MINUTES) {
    const instant = regularDay
      ? new Date(midnight + minute * 60_000)
      : torontoInstant(date, minute, timeZone);
    if (instant.getTime() + duration * 60_000 > closing) {
      if (regularDay) break;
      continue;
    }
    // On a clock-change day, a wall-clock hour that does not exist (spring forward) lands on the next
    // one: list it once, and only on the calendar day it really falls on.
    if (!regularDay && (seen.has(instant.getTime()) || torontoDate(instant, timeZone) !== date)) continue;
    seen.add(instant.getTime());
    starts.push({
      ms: instant.getTime(),
      start: instant.toISOString(),
      label: regularDay ? wallClockLabel(minute) : formatClockTime(instant, 'en', timeZone),
    });
  }
  if (dayStartsCache.size > 5000) dayStartsCache.clear();
  dayStartsCache.set(key, starts);
  return starts;
}

/** `9:00 AM` for 540 minutes after midnight. */
export function wallClockLabel(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * Whether `start` is one of the schedule's hourly starts on its Toronto calendar day from which a
 * service of `durationMinutes` ends by closing.
 */
export function isScheduledStart(
  schedule: readonly ScheduleDay[],
  start: Date,
  timeZone = TIME_ZONE,
  durationMinutes = DEFAULT_SERVICE_MINUTES,
): boolean {
  const date = torontoDate(start, timeZone);
  const [day] = generateSlots({ schedule, from: date, days: 1, now: new Date(0), timeZone, durationMinutes });
  return day?.slots.some((s) => s.start === start.toISOString()) ?? false;
}

/** The wall-clock hour of an instant in Toronto (tests and labels). */
export function torontoHour(instant: Date, timeZone = TIME_ZONE): number {
  return new TZDate(instant.getTime(), timeZone).getHours();
}
