import { describe, expect, it } from 'vitest';
import { pairedSummary, percentile } from './paired';

describe('timing two builds side by side', () => {
  it('compares each request with its own twin, each side at its fastest pass', () => {
    // Request i takes 10 + i on a; on b it is 1 ms faster in its best pass, slower in another.
    const times = Array.from({ length: 100 }, (_, i) => ({ a: [10 + i, 30 + i], b: [9 + i, 50 + i] }));
    const summary = pairedSummary(times);
    expect(summary.requests).toBe(100);
    expect(summary.medianDifference).toBe(-1);
    expect(summary.a).toEqual({ p50: 60, p95: 105 });
    expect(summary.b).toEqual({ p50: 59, p95: 104 });
  });

  it('finds no difference between two identical sides however slow the requests', () => {
    const times = Array.from({ length: 51 }, (_, i) => ({ a: [i * 3, i * 5], b: [i * 5, i * 3] }));
    expect(pairedSummary(times).medianDifference).toBe(0);
  });

  it('reads a percentile from the sorted values', () => {
    expect(percentile([5, 1, 4, 2, 3], 0.5)).toBe(3);
    expect(percentile([5, 1, 4, 2, 3], 0.95)).toBe(5);
    expect(Number.isNaN(percentile([], 0.5))).toBe(true);
  });
});
