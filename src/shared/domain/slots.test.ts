import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from './schedule';
import fc from 'fast-check';
import { type BusyRange, busyOverlaps, generateSlots, isScheduledStart, torontoHour } from './slots';
import { formatBookedTime } from './dates';

describe('generateSlots', () => {
  const now = new Date('2026-11-23T12:00:00Z'); // Monday 7 AM in Toronto

  it('gives hourly starts inside the schedule, the last an hour before closing', () => {
    const [monday] = generateSlots({ schedule: DEFAULT_SCHEDULE, from: '2026-11-23', days: 1, now });
    expect(monday!.slots.map((s) => s.label)).toEqual([
      '8:00 AM',
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
      '5:00 PM',
    ]);
    expect(monday!.slots[0]!.start).toBe('2026-11-23T13:00:00.000Z');
  });

  it('gives 14 days and nothing on days the provider is closed', () => {
    const days = generateSlots({ schedule: DEFAULT_SCHEDULE, from: '2026-11-23', days: 14, now });
    expect(days).toHaveLength(14);
    expect(days.find((d) => d.date === '2026-11-29')!.slots).toEqual([]); // Sunday
  });

  it('marks past and taken starts unavailable', () => {
    const lateMorning = new Date('2026-11-23T15:30:00Z'); // 10:30 AM Toronto
    const oneToTwo = new Date('2026-11-23T18:00:00Z').getTime(); // 1 PM
    const [day] = generateSlots({
      schedule: DEFAULT_SCHEDULE,
      from: '2026-11-23',
      days: 1,
      now: lateMorning,
      busy: [{ start: oneToTwo, end: oneToTwo + 3_600_000 }],
    });
    const available = Object.fromEntries(day!.slots.map((s) => [s.label, s.available]));
    expect(available['10:00 AM']).toBe(false);
    expect(available['11:00 AM']).toBe(true);
    expect(available['1:00 PM']).toBe(false);
    expect(available['2:00 PM']).toBe(true);
  });

  it('keeps 2 PM at 2 PM in Toronto in winter and in summer', () => {
    const winter = generateSlots({
      schedule: DEFAULT_SCHEDULE,
      from: '2026-01-15',
      days: 1,
      now: new Date(0),
    })[0]!;
    const summer = generateSlots({
      schedule: DEFAULT_SCHEDULE,
      from: '2026-07-15',
      days: 1,
      now: new Date(0),
    })[0]!;
    expect(winter.slots.find((s) => s.label === '2:00 PM')!.start).toBe('2026-01-15T19:00:00.000Z');
    expect(summer.slots.find((s) => s.label === '2:00 PM')!.start).toBe('2026-07-15T18:00:00.000Z');
  });

  it('handles the spring-forward night: 2 AM does not exist, every start is listed once', () => {
    const allNight = [{ day: 0, opensAt: '00:00', closesAt: '06:00' }];
    const [day] = generateSlots({ schedule: allNight, from: '2026-03-08', days: 1, now: new Date(0) });
    expect(day!.slots.map((s) => s.label)).toEqual(['12:00 AM', '1:00 AM', '3:00 AM', '4:00 AM', '5:00 AM']);
    expect(new Set(day!.slots.map((s) => s.start)).size).toBe(day!.slots.length);
  });

  it('handles the fall-back night: the day still has its hourly starts, each a distinct instant', () => {
    const allNight = [{ day: 0, opensAt: '00:00', closesAt: '04:00' }];
    const [day] = generateSlots({ schedule: allNight, from: '2026-11-01', days: 1, now: new Date(0) });
    expect(day!.slots.map((s) => s.label)).toEqual(['12:00 AM', '1:00 AM', '2:00 AM', '3:00 AM']);
    expect(new Set(day!.slots.map((s) => s.start)).size).toBe(4);
  });

  it('keeps business hours right across both changes', () => {
    for (const date of ['2026-03-07', '2026-03-09', '2026-10-31', '2026-11-02']) {
      const [day] = generateSlots({ schedule: DEFAULT_SCHEDULE, from: date, days: 1, now: new Date(0) });
      expect(day!.slots.map((s) => torontoHour(new Date(s.start)))).toEqual([
        8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
      ]);
    }
  });
});

describe('services longer than an hour', () => {
  const monday = (hour: number) =>
    new Date(`2026-11-23T${String(hour + 5).padStart(2, '0')}:00:00Z`).getTime();
  const labels = (days: { slots: { label: string; available: boolean }[] }[]) =>
    Object.fromEntries(days[0]!.slots.map((s) => [s.label, s.available]));

  it('lists only the starts from which the service ends by closing', () => {
    const [day] = generateSlots({
      schedule: DEFAULT_SCHEDULE,
      from: '2026-11-23',
      days: 1,
      now: new Date(0),
      durationMinutes: 360,
    });
    expect(day!.slots.map((s) => s.label)).toEqual([
      '8:00 AM',
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
    ]);
    expect(isScheduledStart(DEFAULT_SCHEDULE, new Date(monday(12)), undefined, 360)).toBe(true);
    expect(isScheduledStart(DEFAULT_SCHEDULE, new Date(monday(13)), undefined, 360)).toBe(false);
    expect(isScheduledStart(DEFAULT_SCHEDULE, new Date(monday(17)), undefined, 60)).toBe(true);
    expect(isScheduledStart(DEFAULT_SCHEDULE, new Date(monday(17)), undefined, 150)).toBe(false);
  });

  it('blocks every start whose service would overlap a busy range, for long and short services', () => {
    // A 6-hour booking from 8 AM keeps the provider busy until 2 PM.
    const busy = [{ start: monday(8), end: monday(14) }];
    const hour = labels(
      generateSlots({ schedule: DEFAULT_SCHEDULE, from: '2026-11-23', days: 1, now: new Date(0), busy }),
    );
    expect(hour['8:00 AM']).toBe(false);
    expect(hour['1:00 PM']).toBe(false);
    expect(hour['2:00 PM']).toBe(true);
    const long = labels(
      generateSlots({
        schedule: DEFAULT_SCHEDULE,
        from: '2026-11-23',
        days: 1,
        now: new Date(0),
        busy: [{ start: monday(15), end: monday(16) }],
        durationMinutes: 150,
      }),
    );
    // 150 minutes from 1 PM runs to 3:30 PM, into the 3 PM booking; 12 PM ends at 2:30 PM.
    expect(long['12:00 PM']).toBe(true);
    expect(long['1:00 PM']).toBe(false);
    expect(long['2:00 PM']).toBe(false);
    expect(long['3:00 PM']).toBe(false);
    expect(long['4:00 PM']).toBeUndefined();
  });

  it('keeps the buffer after a booking free', () => {
    const day = labels(
      generateSlots({
        schedule: DEFAULT_SCHEDULE,
        from: '2026-11-23',
        days: 1,
        now: new Date(0),
        busy: [{ start: monday(11), end: monday(12) }],
        bufferMinutes: 30,
      }),
    );
    // 10 AM plus its 30-minute buffer runs to 11:30, into the 11 AM booking.
    expect(day['10:00 AM']).toBe(false);
    expect(day['12:00 PM']).toBe(true);
  });
});

describe('isScheduledStart and formatBookedTime', () => {
  it('accepts only scheduled starts', () => {
    expect(isScheduledStart(DEFAULT_SCHEDULE, new Date('2026-11-23T13:00:00Z'))).toBe(true);
    expect(isScheduledStart(DEFAULT_SCHEDULE, new Date('2026-11-23T13:30:00Z'))).toBe(false);
    expect(isScheduledStart(DEFAULT_SCHEDULE, new Date('2026-11-23T23:00:00Z'))).toBe(false); // 6 PM: closing
    expect(isScheduledStart(DEFAULT_SCHEDULE, new Date('2026-11-29T15:00:00Z'))).toBe(false); // Sunday
  });

  it('writes a booked time in Toronto with ET', () => {
    expect(formatBookedTime('2026-11-28T15:00:00Z')).toBe('Saturday, November 28, 2026 at 10:00 AM ET');
  });
});

describe('busyOverlaps', () => {
  const naive = (busy: BusyRange[], start: number, end: number) =>
    busy.some((range) => start < range.end && range.start < end);
  const range = fc
    .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 120 }))
    .map(([start, length]) => ({ start, end: start + length }));

  it('answers as comparing with every range would, nested and touching ranges included', () => {
    // fast-check prints the seed and the shrunk case of a failure.
    fc.assert(
      fc.property(
        fc.array(range, { maxLength: 30 }),
        fc.array(range, { minLength: 1, maxLength: 20 }),
        (busy, asked) => {
          const overlaps = busyOverlaps(busy);
          for (const { start, end } of asked) expect(overlaps(start, end)).toBe(naive(busy, start, end));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a range ending where the start is, or starting where the end is, is no overlap', () => {
    const overlaps = busyOverlaps([{ start: 10, end: 20 }]);
    expect([overlaps(20, 30), overlaps(0, 10), overlaps(19, 21), overlaps(0, 11)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(busyOverlaps([])(0, 100)).toBe(false);
    expect(busyOverlaps(undefined)(0, 100)).toBe(false);
  });
});
