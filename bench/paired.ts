import { percentile } from './harness';

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

const ascending = (values: number[]) => values.sort((x, y) => x - y);

export function pairedSummary(times: readonly PairedTimes[]): PairedSummary {
  const fastest = times.map((t) => ({ a: Math.min(...t.a), b: Math.min(...t.b) }));
  const differences = ascending(fastest.map((t) => t.b - t.a));
  const a = ascending(fastest.map((t) => t.a));
  const b = ascending(fastest.map((t) => t.b));
  return {
    requests: times.length,
    a: { p50: percentile(a, 50), p95: percentile(a, 95) },
    b: { p50: percentile(b, 50), p95: percentile(b, 95) },
    medianDifference: percentile(differences, 50),
  };
}
