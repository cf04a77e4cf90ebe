import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Route handlers stay thin (docs/decisions/006-boundaries.md): guard, validate, one usecase, answer. A
 * `*.routes.ts` file may take a repository's types, never its functions: reading or writing the
 * database is a usecase's job, so the rule a route applies lives where the next route can reuse it.
 */

const SERVER = path.resolve(import.meta.dirname, '../../src/server');

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name.endsWith('.routes.ts') ? [full] : [];
  });
}

/** `file:line specifier` for each value import of a repository in a routes file. */
function repositoryImports(files: { name: string; text: string }[]): string[] {
  const IMPORT = /^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms;
  return files.flatMap(({ name, text }) =>
    [...text.matchAll(IMPORT)]
      .filter((m) => !m[1] && /\.repository$/.test(m[2]!))
      .map((m) => `${name}:${text.slice(0, m.index).split('\n').length} ${m[2]}`),
  );
}

describe('thin route handlers', () => {
  it('finds the routes files (the scan works)', () => {
    expect(routeFiles(SERVER).length).toBeGreaterThan(10);
  });

  it('never call a repository from a routes file', () => {
    const files = routeFiles(SERVER).map((file) => ({
      name: path.relative(SERVER, file),
      text: readFileSync(file, 'utf8'),
    }));
    expect(repositoryImports(files)).toEqual([]);
  });

  it('tells a value import from a type import', () => {
    const text = [
      "import type { Row } from './x.repository';",
      "import { listX } from './x.repository';",
      "import {\n  a,\n  b,\n} from '../y/y.repository';",
      "import { useX } from './x.usecases';",
    ].join('\n');
    expect(repositoryImports([{ name: 'x.routes.ts', text }])).toEqual([
      'x.routes.ts:2 ./x.repository',
      'x.routes.ts:3 ../y/y.repository',
    ]);
  });
});
