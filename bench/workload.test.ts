import { describe, expect, it } from 'vitest';
import { realisticSearches, repeatRate, seededRandom, withTypo, zipfSampler } from './workload';

describe('the realistic search workload', () => {
  const input = {
    vocabulary: Array.from({ length: 800 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`),
    cities: ['toronto', 'ottawa', 'hamilton', 'london', 'mississauga', 'brampton', 'markham', 'kitchener'],
    categories: Array.from({ length: 16 }, (_, i) => `category-${i}`),
    count: 10_000,
    seed: 42,
  };

  it('is the same for the same seed, and another for another seed', () => {
    expect(realisticSearches({ ...input, count: 50 })).toEqual(realisticSearches({ ...input, count: 50 }));
    expect(realisticSearches({ ...input, count: 50, seed: 43 })).not.toEqual(
      realisticSearches({ ...input, count: 50 }),
    );
  });

  it('draws words with a Zipf distribution: the first rank about twice the second', () => {
    const sample = zipfSampler(100, 1, seededRandom(7));
    const counts = new Array(100).fill(0);
    for (let i = 0; i < 100_000; i++) counts[sample()]++;
    expect(counts[0] / counts[1]).toBeGreaterThan(1.7);
    expect(counts[0] / counts[1]).toBeLessThan(2.3);
    expect(counts[99]).toBeGreaterThan(0);
  });

  it('repeats at most a few percent of its requests, with filters, sorts and pages mixed in', () => {
    const requests = realisticSearches(input);
    expect(repeatRate(requests)).toBeLessThan(0.05);
    const share = (test: (u: URL) => boolean) =>
      requests.filter((r) => test(new URL(r, 'http://x'))).length / requests.length;
    expect(share((u) => u.searchParams.has('location'))).toBeCloseTo(0.62, 1);
    expect(share((u) => u.searchParams.has('category'))).toBeCloseTo(0.33, 1);
    expect(share((u) => u.searchParams.has('minPrice'))).toBeCloseTo(0.3, 1);
    expect(share((u) => u.searchParams.has('sort'))).toBeCloseTo(0.5, 1);
    expect(share((u) => u.searchParams.has('offset'))).toBeCloseTo(0.4, 1);
    expect(share((u) => !u.searchParams.has('q'))).toBeCloseTo(0.1, 1);
    // One query in ten has a typo: some words are not in the vocabulary.
    const words = new Set(input.vocabulary);
    const typed = requests.flatMap((r) => new URL(r, 'http://x').searchParams.get('q')?.split(' ') ?? []);
    expect(typed.filter((w) => !words.has(w)).length / typed.length).toBeGreaterThan(0.03);
  });

  it('makes one typo a word: a letter dropped, doubled, swapped or replaced', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 200; i++) {
      const typo = withTypo('cleaning', random);
      expect(Math.abs(typo.length - 'cleaning'.length)).toBeLessThanOrEqual(1);
      expect(typo.startsWith('c')).toBe(true);
    }
  });
});
