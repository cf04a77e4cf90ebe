/**
 * The realistic search workload: what many different visitors type, not a few queries a cache answers.
 * Drawn from a seeded random source (the seed is printed, so a run can be repeated): words from the
 * catalog's own vocabulary with a Zipf distribution (a few words are common, most are rare), one query
 * in ten with a typo, with and without city, category, price range and sort, pages 1 to 5. Browsing
 * without words always names a category, as the listing's own filters do.
 */

/** A small, fast, seeded random source (mulberry32): the same seed gives the same workload. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Picks ranks 0..n-1 with probability proportional to 1 / (rank + 1)^s. */
export function zipfSampler(n: number, s: number, random: () => number): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= n; rank++) {
    total += 1 / rank ** s;
    cumulative.push(total);
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One slip of the finger: a letter dropped, doubled, swapped with its neighbour or replaced. */
export function withTypo(word: string, random: () => number): string {
  if (word.length < 3) return word;
  const at = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 2:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    default:
      return word.slice(0, at) + LETTERS[Math.floor(random() * 26)] + word.slice(at + 1);
  }
}

export type WorkloadInput = {
  /** The catalog's words, most frequent first. */
  vocabulary: readonly string[];
  cities: readonly string[];
  categories: readonly string[];
  count: number;
  seed: number;
  /** Results per page, as the listing asks. */
  pageSize?: number;
};

const SORTS = ['price_asc', 'price_desc', 'rating_desc'] as const;
/** Word popularity: below 1, the long tail is as long as in real search logs. */
const ZIPF_EXPONENT = 0.6;
/** How far people page: most stop at the first page. */
const PAGE_WEIGHTS = [0.6, 0.2, 0.1, 0.06, 0.04];

/** `count` search requests (`/api/providers?...`), as different visitors would send them. */
export function realisticSearches(input: WorkloadInput): string[] {
  const random = seededRandom(input.seed);
  const word = zipfSampler(input.vocabulary.length, ZIPF_EXPONENT, random);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const pageSize = input.pageSize ?? 6;
  const page = () => {
    let r = random();
    for (let i = 0; i < PAGE_WEIGHTS.length; i++) {
      r -= PAGE_WEIGHTS[i]!;
      if (r < 0) return i;
    }
    return 0;
  };
  return Array.from({ length: input.count }, () => {
    const params = new URLSearchParams();
    if (random() < 0.9) {
      // Typing: one to three words, sometimes a place, a category, a budget.
      const r = random();
      const words = Array.from({ length: r < 0.45 ? 1 : r < 0.85 ? 2 : 3 }, () => input.vocabulary[word()]!);
      if (random() < 0.1) {
        const i = Math.floor(random() * words.length);
        words[i] = withTypo(words[i]!, random);
      }
      params.set('q', words.join(' '));
      if (random() < 0.6) params.set('location', pick(input.cities));
      if (random() < 0.25) params.set('category', pick(input.categories));
    } else {
      // Browsing: a category, usually a place.
      params.set('category', pick(input.categories));
      if (random() < 0.8) params.set('location', pick(input.cities));
    }
    if (random() < 0.3) {
      const min = Math.floor(random() * 40) * 5;
      params.set('minPrice', String(min));
      params.set('maxPrice', String(min + 20 + Math.floor(random() * 40) * 5));
    }
    if (random() < 0.5) params.set('sort', pick(SORTS));
    params.set('limit', String(pageSize));
    const offset = page() * pageSize;
    if (offset > 0) params.set('offset', String(offset));
    return `/api/providers?${params.toString()}`;
  });
}

/** The share of requests that repeat one already sent earlier in the list. */
export function repeatRate(requests: readonly string[]): number {
  return requests.length === 0 ? 0 : 1 - new Set(requests).size / requests.length;
}
