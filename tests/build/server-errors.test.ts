import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Errors a client may see have one home (docs/decisions/006-boundaries.md): every `AppError` is made by
 * a factory in a module's `*.errors.ts`, and each code is defined by exactly one factory, so a code
 * always means the same thing and a newcomer finds its message in one place.
 */

const SERVER = path.resolve(import.meta.dirname, '../../src/server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

const NEW_APP_ERROR = /new AppError\(\s*[^,]+,\s*'([^']+)'/g;

function appErrors() {
  return sourceFiles(SERVER).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(NEW_APP_ERROR)].map((m) => ({
      file: path.relative(SERVER, file),
      line: text.slice(0, m.index).split('\n').length,
      code: m[1]!,
    }));
  });
}

describe('server errors', () => {
  const errors = appErrors();

  it('finds the factories (the scan works)', () => {
    expect(errors.length).toBeGreaterThan(50);
    expect(errors.map((e) => e.code)).toContain('bookings.not_found');
  });

  it('makes every AppError in a *.errors.ts file', () => {
    const outside = errors.filter((e) => !e.file.endsWith('.errors.ts'));
    expect(outside.map((e) => `${e.file}:${e.line} ${e.code}`)).toEqual([]);
  });

  it('defines each code once', () => {
    const where = new Map<string, string[]>();
    for (const e of errors) where.set(e.code, [...(where.get(e.code) ?? []), `${e.file}:${e.line}`]);
    const twice = [...where]
      .filter(([, places]) => places.length > 1)
      .map(([code, places]) => ({ code, places }));
    expect(twice).toEqual([]);
  });
});
