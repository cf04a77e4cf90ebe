import { describe, expect, it } from 'vitest';
import { parseHoursRange, scheduleFromApplication } from './operating-hours';

describe('parseHoursRange', () => {
  it.each([
    ['9:00 AM - 5:00 PM', 540, 1020],
    ['9am-5pm', 540, 1020],
    ['9 AM to 6:30 PM', 540, 1110],
    ['09:00-17:30', 540, 1050],
    ['9-5pm', 540, 1020],
    ['8am - 12', 480, 720],
    ['10:00 a.m. – 2:00 p.m.', 600, 840],
    ['6 PM - 12 AM', 1080, 1440],
    ['noon to 8pm', 720, 1200],
  ])('reads %s', (text, opens, closes) => {
    expect(parseHoursRange(text)).toEqual({ opens, closes });
  });

  it.each(['by appointment', '5pm - 9am', '9-5, 6-8', '25:00-26:00', ''])('refuses %s', (text) => {
    expect(parseHoursRange(text)).toBeNull();
  });
});

describe('scheduleFromApplication', () => {
  it('opens the chosen days at the given hours, Sunday as day 0', () => {
    expect(scheduleFromApplication(['Sunday', 'Tuesday'], '10am-4pm')).toEqual({
      schedule: [
        { day: 2, opensAt: '10:00', closesAt: '16:00' },
        { day: 0, opensAt: '10:00', closesAt: '16:00' },
      ],
      note: null,
    });
  });

  it('falls back to 8 AM - 6 PM and says so', () => {
    const result = scheduleFromApplication(['Monday'], 'flexible');
    expect(result.schedule).toEqual([{ day: 1, opensAt: '08:00', closesAt: '18:00' }]);
    expect(result.note).toContain('could not be read');
  });
});
