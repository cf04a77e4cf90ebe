/** Weekly opening hours. Days are 0 (Sunday) to 6 (Saturday); times are minutes after midnight. */

export type ScheduleDay = { day: number; opensAt: string; closesAt: string };

export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export const DAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Monday to Saturday, 8 AM to 6 PM (docs/product.md §5). */
export const DEFAULT_SCHEDULE: ScheduleDay[] = [1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  opensAt: '08:00',
  closesAt: '18:00',
}));

export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export function timeToMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** `8AM`, `6PM`, `9:30AM`. */
export function shortTimeLabel(time: string): string {
  const minutes = timeToMinutes(time);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const suffix = h >= 12 && h < 24 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${h12}${suffix}` : `${h12}:${String(m).padStart(2, '0')}${suffix}`;
}

/**
 * A one-line summary such as `Mon - Sat, 8AM - 6PM`. Consecutive days with the same hours are
 * grouped; groups are joined with `; `.
 */
export function scheduleSummary(schedule: readonly ScheduleDay[]): string {
  return summarizeSchedule(schedule, {
    none: 'By appointment',
    day: (day) => DAY_SHORT[day] ?? '',
    time: shortTimeLabel,
  });
}

/** The grouping behind `scheduleSummary`, with a language's words for days, times and no hours. */
export function summarizeSchedule(
  schedule: readonly ScheduleDay[],
  words: {
    none: string;
    day: (day: number) => string;
    time: (hhmm: string) => string;
    /** `Mon - Fri` unless a language says its days' range otherwise (`lun. au ven.`). */
    dayRange?: (first: string, last: string) => string;
    /** `8AM - 6PM` unless a language says its hours' range otherwise (`de 8 h à 18 h`). */
    timeRange?: (opens: string, closes: string) => string;
  },
): string {
  const dayRange = words.dayRange ?? ((first, last) => `${first} - ${last}`);
  const timeRange = words.timeRange ?? ((opens, closes) => `${opens} - ${closes}`);
  if (schedule.length === 0) return words.none;
  // Monday-first week, as people in Ontario read it.
  const order = [1, 2, 3, 4, 5, 6, 0];
  const sorted = [...schedule].sort((a, b) => order.indexOf(a.day) - order.indexOf(b.day));
  const groups: { first: number; last: number; hours: string }[] = [];
  for (const entry of sorted) {
    const hours = timeRange(words.time(entry.opensAt), words.time(entry.closesAt));
    const previous = groups.at(-1);
    if (
      previous &&
      previous.hours === hours &&
      order.indexOf(entry.day) === order.indexOf(previous.last) + 1
    ) {
      previous.last = entry.day;
    } else {
      groups.push({ first: entry.day, last: entry.day, hours });
    }
  }
  return groups
    .map((g) =>
      g.first === g.last
        ? `${words.day(g.first)}, ${g.hours}`
        : `${dayRange(words.day(g.first), words.day(g.last))}, ${g.hours}`,
    )
    .join('; ');
}
