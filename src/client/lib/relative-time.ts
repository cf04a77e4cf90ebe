const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type DurationParts = { count: number; unit: 'minute' | 'hour' | 'day' };

/**
 * The time between `iso` and `now` as a count and its unit (minutes under an hour, hours under a day),
 * for a catalog message to say in the page's language: `{ count: 3, unit: 'day' }`.
 */
export function durationParts(iso: string, now: Date): DurationParts {
  const ms = Math.max(0, now.getTime() - new Date(iso).getTime());
  if (ms < HOUR) return { count: Math.max(1, Math.floor(ms / MINUTE)), unit: 'minute' };
  if (ms < DAY) return { count: Math.floor(ms / HOUR), unit: 'hour' };
  return { count: Math.floor(ms / DAY), unit: 'day' };
}

/** Whether `iso` is under a minute before `now` (or after it): "Just now". */
export function isJustNow(iso: string, now: Date): boolean {
  return now.getTime() - new Date(iso).getTime() < MINUTE;
}

/** `5 minutes`, `2 hours`, `3 days` between `iso` and `now` (minutes under an hour, hours under a day). */
export function relativeDuration(iso: string, now: Date): string {
  const { count, unit } = durationParts(iso, now);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** `Just now`, `5 minutes ago`, `2 hours ago`, `3 days ago`. */
export function timeAgo(iso: string, now: Date): string {
  if (isJustNow(iso, now)) return 'Just now';
  return `${relativeDuration(iso, now)} ago`;
}
