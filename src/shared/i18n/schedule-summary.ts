import { type ScheduleDay, scheduleSummary, summarizeSchedule, timeToMinutes } from '../domain/schedule';
import { NBSP } from '../domain/dates';
import type { Locale } from './locales';

const JOURS = ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'] as const;

/** `8 h`, `18 h`, `9 h 30`: a clock time the Quebec and Ontario French way (non-breaking spaces, as dates.ts). */
function heure(time: string): string {
  const minutes = timeToMinutes(time);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h}${NBSP}h` : `${h}${NBSP}h${NBSP}${String(m).padStart(2, '0')}`;
}

/**
 * A provider's opening hours in one line, in a language: `Mon - Sat, 8AM - 6PM` (the server's
 * `availabilityText`, shared/domain/schedule.ts) or `lun. au sam., de 8 h à 18 h`.
 */
export function localizedScheduleSummary(schedule: readonly ScheduleDay[], locale: Locale): string {
  if (locale === 'en') return scheduleSummary(schedule);
  return summarizeSchedule(schedule, {
    none: 'Sur rendez-vous',
    day: (day) => JOURS[day] ?? '',
    time: heure,
    dayRange: (first, last) => `${first} au ${last}`,
    timeRange: (opens, closes) => `de ${opens} à ${closes}`,
  });
}
