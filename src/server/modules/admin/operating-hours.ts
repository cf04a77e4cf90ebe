import { OPERATING_DAYS } from '../../../shared/contract/applications';
import { DAY_NAMES, minutesToTime, type ScheduleDay } from '../../../shared/domain/schedule';

/** The listing opens these hours when an application's hours text cannot be read (docs/product.md §5). */
export const FALLBACK_HOURS = { opensAt: '08:00', closesAt: '18:00' };

const TIME = /^(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?$/;

type Parsed = { hour: number; minute: number; meridiem: 'am' | 'pm' | null };

function parseTime(text: string): Parsed | null {
  const t = text.trim().toLowerCase();
  if (t === 'noon') return { hour: 12, minute: 0, meridiem: 'pm' };
  if (t === 'midnight') return { hour: 12, minute: 0, meridiem: 'am' };
  const match = TIME.exec(t);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const meridiem = match[3] ? (match[3].startsWith('a') ? 'am' : 'pm') : null;
  if (minute > 59 || hour > 24 || (meridiem && (hour < 1 || hour > 12))) return null;
  return { hour, minute, meridiem };
}

function toMinutes(t: Parsed, meridiem: 'am' | 'pm' | null): number {
  if (!meridiem) return t.hour * 60 + t.minute;
  const h = (t.hour % 12) + (meridiem === 'pm' ? 12 : 0);
  return h * 60 + t.minute;
}

/**
 * Opening and closing minutes from text such as `9:00 AM - 5:00 PM`, `9am to 6pm`, `09:00-17:30` or
 * `9-5pm`, or null when the text says something else (`by appointment`, several ranges...).
 */
export function parseHoursRange(text: string): { opens: number; closes: number } | null {
  const parts = text
    .trim()
    .toLowerCase()
    .split(/\s*(?:-|–|—|to|until|till)\s*/);
  if (parts.length !== 2) return null;
  const start = parseTime(parts[0]!);
  const end = parseTime(parts[1]!);
  if (!start || !end) return null;
  let startMeridiem = start.meridiem;
  let endMeridiem = end.meridiem;
  // "9-5pm": the start takes the end's meridiem unless that puts it after the end ("9-5pm" is 9 AM).
  if (!startMeridiem && endMeridiem && start.hour <= 12) {
    startMeridiem = toMinutes(start, endMeridiem) < toMinutes(end, endMeridiem) ? endMeridiem : 'am';
  }
  // "9am-5": a small closing hour without a meridiem is in the afternoon.
  if (startMeridiem && !endMeridiem && end.hour <= 12) {
    endMeridiem = toMinutes(end, startMeridiem) > toMinutes(start, startMeridiem) ? startMeridiem : 'pm';
  }
  const opens = toMinutes(start, startMeridiem);
  let closes = toMinutes(end, endMeridiem);
  if (closes === 0) closes = 1440; // "... to 12 AM" closes at midnight
  if (opens < 0 || closes > 1440 || opens >= closes) return null;
  return { opens, closes };
}

/**
 * The weekly schedule of a new listing from the application's operating days and hours. When the
 * hours cannot be read, the chosen days open 8 AM to 6 PM and `note` says so (it goes to the admin notes).
 */
export function scheduleFromApplication(
  days: readonly string[],
  hoursText: string,
): { schedule: ScheduleDay[]; note: string | null } {
  const weekdays = OPERATING_DAYS.filter((d) => days.includes(d)).map((d) =>
    DAY_NAMES.indexOf(d as (typeof DAY_NAMES)[number]),
  );
  const range = parseHoursRange(hoursText);
  const hours = range
    ? { opensAt: minutesToTime(range.opens), closesAt: minutesToTime(range.closes) }
    : FALLBACK_HOURS;
  return {
    schedule: weekdays.map((day) => ({ day, ...hours })),
    note: range
      ? null
      : `Operating hours "${hoursText}" could not be read; the listing opens 8 AM - 6 PM on the chosen days until the partner changes its hours.`,
  };
}
