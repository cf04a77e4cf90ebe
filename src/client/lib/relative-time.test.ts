import { describe, expect, it } from 'vitest';
import { relativeDuration, timeAgo } from './relative-time';

const now = new Date('2026-11-22T12:00:00Z');
const earlier = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;

describe('relative time (minutes, hours, days)', () => {
  it('counts minutes under an hour, hours under a day, then days', () => {
    expect(relativeDuration(earlier(30_000), now)).toBe('1 minute');
    expect(relativeDuration(earlier(5 * MIN), now)).toBe('5 minutes');
    expect(relativeDuration(earlier(59 * MIN), now)).toBe('59 minutes');
    expect(relativeDuration(earlier(60 * MIN), now)).toBe('1 hour');
    expect(relativeDuration(earlier(23 * 60 * MIN), now)).toBe('23 hours');
    expect(relativeDuration(earlier(24 * 60 * MIN), now)).toBe('1 day');
    expect(relativeDuration(earlier(10 * 24 * 60 * MIN), now)).toBe('10 days');
  });

  it('says Just now under a minute, and never goes negative', () => {
    expect(timeAgo(earlier(10_000), now)).toBe('Just now');
    expect(timeAgo(earlier(-5 * MIN), now)).toBe('Just now');
    expect(timeAgo(earlier(2 * 60 * MIN), now)).toBe('2 hours ago');
    expect(`Booked ${relativeDuration(earlier(3 * 24 * 60 * MIN), now)} ago`).toBe('Booked 3 days ago');
  });
});
