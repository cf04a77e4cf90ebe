import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';

/** What the home page may cost on a first visit, gzip. */
const HOME_JS_BUDGET = 150 * 1024;
const CSS_BUDGET = 25 * 1024;

const root = path.resolve(import.meta.dirname, '../..');
const HOME_ROUTE = 'app/routes/public/home.tsx';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** React's development build carries these; the budget is about what production ships. */
function isDevelopmentBuild(code: string): boolean {
  return code.includes('runWithFiberInDEV') || code.includes('validateDOMNesting');
}

/** The chunk and everything it imports statically (not its lazy imports). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

describe('build budget', () => {
  let outDir = path.join(root, 'dist/client');
  let tempDir: string | undefined;
  let manifest: Manifest;

  beforeAll(() => {
    // A build started from a test process would inherit NODE_ENV=test and bundle React's development build.
    process.env.NODE_ENV = 'production';
    buildIfNeeded({ quiet: true });
    manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    if (isDevelopmentBuild(readFileSync(path.join(outDir, entry.file), 'utf8'))) {
      // dist/client was built in development mode (by another test run): measure a production build instead,
      // without touching dist/client, which a running test server may be serving.
      tempDir = mkdtempSync(path.join(tmpdir(), 'trillium-budget-'));
      const build = spawnSync(
        process.execPath,
        [
          path.join(root, 'node_modules/vite/bin/vite.js'),
          'build',
          '--outDir',
          tempDir,
          '--logLevel',
          'error',
        ],
        { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' },
      );
      if (build.status !== 0) throw new Error(`vite build failed with exit code ${build.status}`);
      outDir = tempDir;
      manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    }
  }, 180_000);

  afterAll(() => {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  const gzipSize = (file: string) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;

  function homeChunks(): Set<string> {
    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
    expect(entryKey, 'the manifest names an entry').toBeTruthy();
    expect(manifest[HOME_ROUTE], `the home route (${HOME_ROUTE}) is its own lazy chunk`).toBeTruthy();
    const keys = staticClosure(manifest, entryKey!);
    staticClosure(manifest, HOME_ROUTE, keys);
    return keys;
  }

  it(`loads at most ${HOME_JS_BUDGET / 1024} KB of gzipped JavaScript on the home page`, () => {
    const files = [...homeChunks()].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    const sizes = files.map((file) => ({ file, gzip: gzipSize(file) }));
    const total = sizes.reduce((sum, item) => sum + item.gzip, 0);
    const report = sizes.map((s) => `${(s.gzip / 1024).toFixed(1).padStart(7)} KB  ${s.file}`).join('\n');
    console.log(`Home route JavaScript, gzip: ${(total / 1024).toFixed(1)} KB\n${report}`);
    expect(
      total,
      `home route JavaScript is ${(total / 1024).toFixed(1)} KB gzip:\n${report}`,
    ).toBeLessThanOrEqual(HOME_JS_BUDGET);
  });

  it(`ships at most ${CSS_BUDGET / 1024} KB of gzipped CSS`, () => {
    const cssFiles = new Set<string>();
    for (const chunk of Object.values(manifest)) for (const css of chunk.css ?? []) cssFiles.add(css);
    expect(cssFiles.size).toBeGreaterThan(0);
    for (const file of cssFiles) expect(existsSync(path.join(outDir, file))).toBe(true);
    const total = [...cssFiles].reduce((sum, file) => sum + gzipSize(file), 0);
    console.log(`CSS, gzip: ${(total / 1024).toFixed(1)} KB`);
    expect(total).toBeLessThanOrEqual(CSS_BUDGET);
  });
});
