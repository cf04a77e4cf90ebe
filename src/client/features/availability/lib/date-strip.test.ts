import type { Availability } from '@shared/contract/availability';
import { describe, expect, it } from 'vitest';
import { bookingDays } from './date-strip';

const slot = (start: string, label: string, available: boolean) => ({ start, label, available });

describe('the 14-day date strip', () => {
  it('starts today in Toronto, not in UTC', () => {
    // 02:30 UTC on Nov 23 is still 21:30 on Nov 22 in Toronto.
    const days = bookingDays(new Date('2026-11-23T02:30:00Z'), undefined);
    expect(days).toHaveLength(14);
    expect(days[0]).toMatchObject({ date: '2026-11-22', weekday: 'Sun', day: '22', month: 'Nov' });
    expect(days[13]?.date).toBe('2026-12-05');
  });

  it('crosses month and year ends and keeps calendar days across the clock change', () => {
    const days = bookingDays(new Date('2026-12-25T17:00:00Z'), undefined);
    expect(days.map((d) => d.date).slice(6, 9)).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
    expect(days[7]).toMatchObject({ weekday: 'Fri', day: '1', month: 'Jan', fullLabel: 'Friday, January 1' });
    const spring = bookingDays(new Date('2027-03-13T12:00:00Z'), undefined);
    expect(spring.map((d) => d.date).slice(0, 3)).toEqual(['2027-03-13', '2027-03-14', '2027-03-15']);
  });

  it('takes the server’s slots per day; a day with no free slot cannot be chosen', () => {
    const availability: Availability = {
      timeZone: 'America/Toronto',
      durationMinutes: 60,
      yourHold: null,
      days: [
        {
          date: '2026-11-23',
          slots: [
            slot('2026-11-23T14:00:00.000Z', '9:00 AM', false),
            slot('2026-11-23T15:00:00.000Z', '10:00 AM', true),
          ],
        },
        { date: '2026-11-24', slots: [slot('2026-11-24T14:00:00.000Z', '9:00 AM', false)] },
        { date: '2026-11-29', slots: [] },
      ],
    };
    const days = bookingDays(new Date('2026-11-23T12:00:00Z'), availability);
    expect(days[0]).toMatchObject({ date: '2026-11-23', hasFreeSlot: true });
    expect(days[0]?.slots.map((s) => s.label)).toEqual(['9:00 AM', '10:00 AM']);
    expect(days[1]).toMatchObject({ date: '2026-11-24', hasFreeSlot: false });
    expect(days.find((d) => d.date === '2026-11-29')?.hasFreeSlot).toBe(false);
    expect(days[5]?.slots).toEqual([]);
  });
});
