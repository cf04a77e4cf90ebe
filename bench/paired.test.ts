import { describe, expect, it } from 'vitest';
import { percentile } from './harness';
import { pairedSummary } from './paired';

describe('timing two builds side by side', () => {
  it('compares each request with its own twin, each side at its fastest pass', () => {
    // Request i takes 10 + i on a; on b it is 1 ms faster in its best pass, slower in another.
    const times = Array.from({ length: 100 }, (_, i) => ({ a: [10 + i, 30 + i], b: [9 + i, 50 + i] }));
    const summary = pairedSummary(times);
    expect(summary.requests).toBe(100);
    expect(summary.medianDifference).toBe(-1);
    expect(summary.a).toEqual({ p50: 59, p95: 104 });
    expect(summary.b).toEqual({ p50: 58, p95: 103 });
  });

  it('finds no difference between two identical sides however slow the requests', () => {
    const times = Array.from({ length: 51 }, (_, i) => ({ a: [i * 3, i * 5], b: [i * 5, i * 3] }));
    expect(pairedSummary(times).medianDifference).toBe(0);
  });

  it('reads the nearest-rank percentile of sorted values, as the benchmark does', () => {
    expect(percentile([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5], 95)).toBe(5);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });
});
