import { describe, expect, it } from 'vitest';
import { spacedByCustomer } from './booking-requests';
import { seededRandom } from './workload';

type Hold = { holder: number; n: number };

/** Each customer's holds in the order they were queued. */
function byCustomer(queue: readonly Hold[]): Map<number, number[]> {
  const holds = new Map<number, number[]>();
  for (const h of queue) holds.set(h.holder, [...(holds.get(h.holder) ?? []), h.n]);
  return holds;
}

describe("the holds benchmark's queue", () => {
  it('leaves a queue whose customers are already far apart as it was', () => {
    const queue = Array.from({ length: 50 }, (_, i) => ({ holder: i % 10, n: i }));
    expect(spacedByCustomer(queue, 10)).toEqual({ queue, moved: 0, late: 0 });
  });

  it('moves a change of mind that follows its first hold too closely, and keeps everything else in order', () => {
    const queue = [
      { holder: 1, n: 0 },
      { holder: 1, n: 1 },
      { holder: 2, n: 2 },
      { holder: 3, n: 3 },
      { holder: 4, n: 4 },
    ];
    expect(spacedByCustomer(queue, 3)).toEqual({
      queue: [
        { holder: 1, n: 0 },
        { holder: 2, n: 2 },
        { holder: 3, n: 3 },
        { holder: 1, n: 1 },
        { holder: 4, n: 4 },
      ],
      moved: 1,
      late: 0,
    });
  });

  it('puts every customer’s holds at least the gap apart, in their order, none lost (shuffled queues)', () => {
    const seed = 20261207;
    console.log(`spacedByCustomer property: seed ${seed}`);
    const random = seededRandom(seed);
    for (let round = 0; round < 200; round++) {
      const customers = 1 + Math.floor(random() * 40);
      const gap = 1 + Math.floor(random() * 12);
      const queue = Array.from({ length: Math.floor(random() * 120) }, (_, n) => ({
        holder: Math.floor(random() * customers),
        n,
      }));
      const { queue: spaced, late } = spacedByCustomer(queue, gap);
      const context = `round ${round}, gap ${gap}, queue ${JSON.stringify(queue.map((h) => h.holder))}`;
      expect(
        spaced.map((h) => h.n).sort((a, b) => a - b),
        context,
      ).toEqual(queue.map((h) => h.n));
      expect(byCustomer(spaced), context).toEqual(byCustomer(queue));
      // Only the holds that were still waiting when the queue ended may be closer (they go last).
      const tail = spaced.length - late;
      const lastAt = new Map<number, number>();
      for (const [at, h] of spaced.entries()) {
        const previous = lastAt.get(h.holder);
        if (previous !== undefined && at < tail) expect(at - previous, context).toBeGreaterThanOrEqual(gap);
        lastAt.set(h.holder, at);
      }
    }
  });
});
