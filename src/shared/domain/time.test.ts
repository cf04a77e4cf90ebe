import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { torontoDate } from './time';

/** The calendar day of an instant in a zone, by date-fns's zoned date (what torontoDate did until 2026-11-27). */
function zonedDate(instant: Date, timeZone: string): string {
  const d = new TZDate(instant.getTime(), timeZone);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('torontoDate', () => {
  it('is the calendar day in Toronto, on both sides of midnight and of the clock changes', () => {
    expect(torontoDate(new Date('2026-11-28T04:59:59.999Z'))).toBe('2026-11-27');
    expect(torontoDate(new Date('2026-11-28T05:00:00Z'))).toBe('2026-11-28');
    // Summer time: midnight is 04:00 UTC.
    expect(torontoDate(new Date('2026-07-01T03:59:59Z'))).toBe('2026-06-30');
    expect(torontoDate(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
    // The night of a change: 2026-03-08 (spring forward), 2026-11-01 (fall back).
    expect(torontoDate(new Date('2026-03-08T06:59:00Z'))).toBe('2026-03-08');
    expect(torontoDate(new Date('2026-11-01T05:30:00Z'))).toBe('2026-11-01');
    expect(torontoDate(new Date('2026-11-01T04:30:00Z'))).toBe('2026-11-01');
    expect(torontoDate(new Date('2026-11-01T03:59:00Z'))).toBe('2026-10-31');
  });

  it("is the zoned date's day for any instant and Canadian zone (property; the seed is printed on failure)", () => {
    const zones = [
      'America/Toronto',
      'America/St_Johns',
      'America/Vancouver',
      'America/Regina',
      'America/Halifax',
    ];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2060-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (instant, zone) => torontoDate(instant, zone) === zonedDate(instant, zone),
      ),
      { numRuns: 3000 },
    );
  });
});
