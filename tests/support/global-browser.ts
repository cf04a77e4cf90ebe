import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain ES module script without types
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Chromium's path, or '' when there is none (browser specs then skip). */
    chromiumPath: string;
  }
}

/**
 * Finds Chromium: CHROME_PATH, then Debian's headless shell, then Debian's Chromium. Builds the client if
 * needed; REQUIRE_BROWSER=1 makes a missing browser fatal. The headless shell (Debian's
 * `chromium-headless-shell`, the same Chromium release without the browser's window code) took about a
 * quarter less time than the whole browser: the browser specs in 462 s instead of 640 s here
 * (docs/decisions/016-test-run-time.md).
 */
export default function setup(project: TestProject) {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p)) ?? '';
  if (!found) {
    const line = `NO CHROMIUM FOUND (looked at: ${candidates.join(', ')}). Browser tests are SKIPPED. Install it with: apt-get install -y chromium-headless-shell (or chromium)`;
    if (process.env.REQUIRE_BROWSER === '1') throw new Error(`${line}\nREQUIRE_BROWSER=1: failing.`);
    console.warn(`\n${'!'.repeat(100)}\n${line}\n${'!'.repeat(100)}\n`);
  } else {
    buildIfNeeded({ quiet: true });
  }
  project.provide('chromiumPath', found);
}
