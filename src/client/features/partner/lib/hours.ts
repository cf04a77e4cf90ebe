import { DAY_NAMES, type ScheduleDay } from '@shared/domain/schedule';
import { wallClockLabel } from '@shared/domain/slots';

/** Weekly hours as the editor holds them: all seven days, Monday first, open or closed. */
export type EditableDay = { day: number; name: string; open: boolean; opensAt: string; closesAt: string };

/** Monday-first, as people in Ontario read a week. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const DEFAULT_OPEN = '09:00';
const DEFAULT_CLOSE = '17:00';

export function toEditableWeek(schedule: readonly ScheduleDay[]): EditableDay[] {
  const byDay = new Map(schedule.map((entry) => [entry.day, entry]));
  return WEEK_ORDER.map((day) => {
    const entry = byDay.get(day);
    return {
      day,
      name: DAY_NAMES[day]!,
      open: entry !== undefined,
      opensAt: entry?.opensAt.slice(0, 5) ?? DEFAULT_OPEN,
      closesAt: entry?.closesAt.slice(0, 5) ?? DEFAULT_CLOSE,
    };
  });
}

export function updateDay(
  week: readonly EditableDay[],
  day: number,
  change: Partial<EditableDay>,
): EditableDay[] {
  return week.map((d) => (d.day === day ? { ...d, ...change } : d));
}

/** `9 h 00`, `Minuit`: a quarter hour's label the Quebec and Ontario French way. */
export function frenchQuarterHourLabel(value: string): string {
  if (value === '24:00') return 'Minuit';
  const [h = '0', m = '00'] = value.split(':');
  return `${Number(h)} h ${m}`;
}

/** Every quarter hour of the day, 12:00 AM to 11:45 PM, and midnight as a closing time. */
export const QUARTER_HOURS: readonly { value: string; label: string }[] = [
  ...Array.from({ length: 96 }, (_, i) => {
    const minutes = i * 15;
    const value = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return { value, label: wallClockLabel(minutes) };
  }),
  { value: '24:00', label: 'Midnight' },
];
