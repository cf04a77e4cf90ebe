import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The client's boundaries (README, "Architecture"): a feature uses another feature only through that
 * feature's public face: its `index.ts` (`@/features/<name>`) or another file at the top of its folder
 * (`@/features/auth/mutations`: an entry kept apart so lazy code alone loads it), never a file inside
 * its `components/`, `api/`, `lib/` or `hooks/`; the shared `components/` and `lib/` never import a
 * feature. App routes (`app/`) compose features and may use their files. A new file that
 * breaks a rule fails here, naming the file, the line and the import.
 */

const ROOT = path.resolve(import.meta.dirname, '../../src/client');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const IMPORT = /(?:from\s+|import\s*\(\s*)'(@\/features\/[^']+)'/g;

/** Every import of a feature in a file, with its line. */
function featureImports(file: string) {
  const lines = readFileSync(file, 'utf8').split('\n');
  return lines.flatMap((line, index) =>
    [...line.matchAll(IMPORT)].map((m) => ({ line: index + 1, specifier: m[1]! })),
  );
}

/** The broken rules of the client tree under `root`: `file:line imports specifier (why)`. */
function boundaryViolations(root: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(root)) {
    const relative = path.relative(root, file);
    const [area, featureName] = relative.split(path.sep);
    for (const { line, specifier } of featureImports(file)) {
      const [, , target, ...rest] = specifier.split('/');
      const where = `${relative}:${line} imports ${specifier}`;
      if (area === 'components' || area === 'lib')
        problems.push(`${where} (shared code never imports a feature)`);
      else if (area === 'features' && target !== featureName && rest.length > 1)
        problems.push(`${where} (use @/features/${target} or a public entry at its top)`);
    }
  }
  return problems;
}

describe('client boundaries', () => {
  it('features meet through their index; components and lib never import features', () => {
    expect(boundaryViolations(ROOT)).toEqual([]);
  });
});
