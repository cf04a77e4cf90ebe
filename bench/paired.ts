/**
 * Two builds timed side by side (`npm run bench:compare`): each request was sent to both in turn, in
 * several passes, so that whatever the machine did at that moment it did to both. Each side's request
 * counts with its fastest pass, and the difference that matters is each request's against its own twin.
 */
export type PairedTimes = { a: number[]; b: number[] };

export type PairedSummary = {
  requests: number;
  a: { p50: number; p95: number };
  b: { p50: number; p95: number };
  /** The median over requests of (b - a), each side's fastest pass: negative when b is faster. */
  medianDifference: number;
};

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export function pairedSummary(times: readonly PairedTimes[]): PairedSummary {
  const a = times.map((t) => Math.min(...t.a));
  const b = times.map((t) => Math.min(...t.b));
  return {
    requests: times.length,
    a: { p50: percentile(a, 0.5), p95: percentile(a, 0.95) },
    b: { p50: percentile(b, 0.5), p95: percentile(b, 0.95) },
    medianDifference: percentile(
      b.map((value, i) => value - a[i]!),
      0.5,
    ),
  };
}
