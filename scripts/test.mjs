#!/usr/bin/env node
// `npm test`: typecheck, lint, then every Vitest project (unit, server API on a real database, browser).
// Browser specs find Chromium at CHROME_PATH, /usr/bin/chromium-headless-shell or /usr/bin/chromium and skip
// loudly without one;
// REQUIRE_BROWSER=1 turns a missing browser into a failure. Extra arguments go to Vitest.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const env = { ...process.env, TZ: 'UTC' };

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const extra = process.argv.slice(2);
if (extra.length === 0) {
  step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  step('lint', bin('biome'), ['check', '.']);
}
step('tests', bin('vitest'), ['run', ...extra]);
