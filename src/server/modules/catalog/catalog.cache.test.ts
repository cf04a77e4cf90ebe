import { describe, expect, it } from 'vitest';
import { createCatalogCache } from './catalog.cache';

describe('catalog cache', () => {
  it('loads once per key and answers from memory afterwards', async () => {
    const cache = createCatalogCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('forgets everything on invalidate', async () => {
    const cache = createCatalogCache();
    let loads = 0;
    await cache.get('a', async () => ++loads);
    cache.invalidate();
    expect(await cache.get('a', async () => ++loads)).toBe(2);
  });

  it('does not keep an answer whose load straddled a write', async () => {
    const cache = createCatalogCache();
    let release!: () => void;
    const slow = cache.get('a', () => new Promise<string>((resolve) => (release = () => resolve('before'))));
    cache.invalidate();
    release();
    expect(await slow).toBe('before');
    expect(await cache.get('a', async () => 'after')).toBe('after');
  });

  it('expires entries after the TTL', async () => {
    const cache = createCatalogCache({ ttlMs: 5 });
    await cache.get('a', async () => 'old');
    await new Promise((r) => setTimeout(r, 20));
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });
});
