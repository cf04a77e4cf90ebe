import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchPage, PAGE_PATHS } from './pages';

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

describe('the pages the server knows', () => {
  it('are exactly the routes the client declares', () => {
    const declared = new Set<string>(['/']);
    for (const file of routeFiles(path.resolve(import.meta.dirname, '../../client/app'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/<Route\s[^>]*path="([^"*]+)"/g))
        declared.add(`/${match[1]}`);
    }
    expect([...declared].sort()).toEqual([...PAGE_PATHS].sort());
  });

  it('matches paths with their parameters, and nothing else', () => {
    expect(matchPage('/provider/12')).toEqual({ path: '/provider/:id', params: { id: '12' } });
    expect(matchPage('/services/home-cleaning/')).toEqual({
      path: '/services/:category',
      params: { category: 'home-cleaning' },
    });
    expect(matchPage('/')).toEqual({ path: '/', params: {} });
    expect(matchPage('/no-such-page')).toBeNull();
    expect(matchPage('/provider/12/extra')).toBeNull();
    // A parameter whose percent-encoding is broken is no page (never a thrown URIError).
    expect(matchPage('/services/%E0%A4%A')).toBeNull();
    expect(matchPage('/services/home%20cleaning')).toEqual({
      path: '/services/:category',
      params: { category: 'home cleaning' },
    });
  });
});
