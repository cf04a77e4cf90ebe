import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

const IMPORT = /(?:from\s+|import\s*\(\s*)'([^']+)'/g;

/**
 * Every import of a feature in a file, with its line, written as `@/features/...`: relative paths are
 * resolved first, so `../../auth/components/x` counts like `@/features/auth/components/x`.
 */
function featureImports(root: string, file: string) {
  const lines = readFileSync(file, 'utf8').split('\n');
  return lines.flatMap((line, index) =>
    [...line.matchAll(IMPORT)].flatMap((m) => {
      const raw = m[1]!;
      let specifier = raw;
      if (raw.startsWith('.')) {
        const target = path
          .relative(root, path.resolve(path.dirname(file), raw))
          .split(path.sep)
          .join('/');
        specifier = target.startsWith('features/') ? `@/${target}` : raw;
      }
      return specifier.startsWith('@/features/') ? [{ line: index + 1, specifier, raw }] : [];
    }),
  );
}

/** The broken rules of the client tree under `root`: `file:line imports specifier (why)`. */
function boundaryViolations(root: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(root)) {
    const relative = path.relative(root, file);
    const [area, featureName] = relative.split(path.sep);
    for (const { line, specifier, raw } of featureImports(root, file)) {
      const [, , target, ...rest] = specifier.split('/');
      const where = `${relative}:${line} imports ${raw}`;
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

  it('finds a broken rule, by alias or by relative path', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'client-boundaries-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write('features/auth/components/auth-panel.tsx', 'export const AuthPanel = 1;\n');
    write('features/auth/index.ts', "export { AuthPanel } from './components/auth-panel';\n");
    write(
      'features/partner/lib/uses-auth.ts',
      [
        "import { AuthPanel } from '@/features/auth';",
        "import { AuthPanel as A } from '@/features/auth/components/auth-panel';",
        "import { AuthPanel as B } from '../../auth/components/auth-panel';",
        "import { own } from '../components/own';",
      ].join('\n'),
    );
    write('lib/shared.ts', "import { AuthPanel } from '../features/auth';\n");
    try {
      expect(boundaryViolations(root)).toEqual([
        'features/partner/lib/uses-auth.ts:2 imports @/features/auth/components/auth-panel (use @/features/auth or a public entry at its top)',
        'features/partner/lib/uses-auth.ts:3 imports ../../auth/components/auth-panel (use @/features/auth or a public entry at its top)',
        'lib/shared.ts:1 imports ../features/auth (shared code never imports a feature)',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
