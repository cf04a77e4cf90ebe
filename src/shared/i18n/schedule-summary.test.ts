import { describe, expect, it } from 'vitest';
import { localizedScheduleSummary } from './schedule-summary';

describe('localizedScheduleSummary', () => {
  const week = [1, 2, 3, 4, 5].map((day) => ({ day, opensAt: '08:00', closesAt: '18:00' }));
  const schedule = [...week, { day: 6, opensAt: '09:00', closesAt: '13:30' }];

  it('groups days the same way in both languages, with each one’s words', () => {
    expect(localizedScheduleSummary(schedule, 'en')).toBe('Mon - Fri, 8AM - 6PM; Sat, 9AM - 1:30PM');
    expect(localizedScheduleSummary(schedule, 'fr')).toMatch(
      /^lun\. au ven\., de 8\u00a0h à 18\u00a0h; sam\., de 9\u00a0h à 13\u00a0h\u00a030$/,
    );
  });

  it('says by appointment when there are no hours', () => {
    expect(localizedScheduleSummary([], 'en')).toBe('By appointment');
    expect(localizedScheduleSummary([], 'fr')).toBe('Sur rendez-vous');
  });
});
