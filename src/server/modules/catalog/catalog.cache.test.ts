import { describe, expect, it } from 'vitest';
import { type CachedAnswer, createCatalogCache } from './catalog.cache';

const answer = (text: string): CachedAnswer => ({ body: Buffer.from(JSON.stringify(text)) });
const text = (cached: CachedAnswer) => JSON.parse(cached.body.toString('utf8')) as string;

describe('catalog cache', () => {
  it('loads once per key and answers from memory afterwards', async () => {
    const cache = createCatalogCache();
    let loads = 0;
    const load = async () => answer(String(++loads));
    expect((await Promise.all([cache.get('a', load), cache.get('a', load)])).map(text)).toEqual(['1', '1']);
    expect(text(await cache.get('a', load))).toBe('1');
    expect(loads).toBe(1);
    // Counted for the benchmark's hit rate: one load, two answers without one.
    expect(cache.stats).toEqual({ hits: 2, misses: 1 });
  });

  it('forgets everything on invalidate', async () => {
    const cache = createCatalogCache();
    let loads = 0;
    await cache.get('a', async () => answer(String(++loads)));
    cache.invalidate();
    expect(text(await cache.get('a', async () => answer(String(++loads))))).toBe('2');
  });

  it('does not keep an answer whose load straddled a write', async () => {
    const cache = createCatalogCache();
    let release!: () => void;
    const slow = cache.get(
      'a',
      () => new Promise<CachedAnswer>((resolve) => (release = () => resolve(answer('before')))),
    );
    cache.invalidate();
    release();
    expect(text(await slow)).toBe('before');
    expect(text(await cache.get('a', async () => answer('after')))).toBe('after');
  });

  it('expires entries after the TTL', async () => {
    const cache = createCatalogCache({ ttlMs: 5 });
    await cache.get('a', async () => answer('old'));
    await new Promise((r) => setTimeout(r, 20));
    expect(text(await cache.get('a', async () => answer('new')))).toBe('new');
  });

  it('stays within its byte budget, dropping the least recently used answers', async () => {
    const cache = createCatalogCache({ maxBytes: 10_000 });
    const big = { body: Buffer.alloc(3_000, 'x') };
    for (const key of ['a', 'b', 'c', 'd', 'e']) await cache.get(key, async () => big);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(3);
    let reloaded = false;
    await cache.get('a', async () => {
      reloaded = true;
      return big;
    });
    expect(reloaded).toBe(true);
  });
});
