import { type ScheduleDay, scheduleSummary, timeToMinutes } from '../domain/schedule';
import type { Locale } from './locales';

const JOURS = ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'] as const;

/** `8 h`, `18 h`, `9 h 30`: a clock time the Quebec and Ontario French way. */
function heure(time: string): string {
  const minutes = timeToMinutes(time);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
}

/**
 * A provider's opening hours in one line, in a language: `Mon - Sat, 8AM - 6PM` (the server's
 * `availabilityText`, shared/domain/schedule.ts) or `lun. - sam., 8 h - 18 h`.
 */
export function localizedScheduleSummary(schedule: readonly ScheduleDay[], locale: Locale): string {
  if (locale === 'en') return scheduleSummary(schedule);
  if (schedule.length === 0) return 'Sur rendez-vous';
  const order = [1, 2, 3, 4, 5, 6, 0];
  const sorted = [...schedule].sort((a, b) => order.indexOf(a.day) - order.indexOf(b.day));
  const groups: { first: number; last: number; hours: string }[] = [];
  for (const entry of sorted) {
    const hours = `${heure(entry.opensAt)} - ${heure(entry.closesAt)}`;
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
        ? `${JOURS[g.first]}, ${g.hours}`
        : `${JOURS[g.first]} - ${JOURS[g.last]}, ${g.hours}`,
    )
    .join('; ');
}
