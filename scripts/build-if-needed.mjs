// Builds the client (dist/client) and the server's pre-render bundle (dist/ssr) with Vite when either is
// missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIfNeeded({ quiet = false } = {}) {
  const outputs = [path.join(root, 'dist/client/index.html'), path.join(root, 'dist/ssr/entry-server.js')];
  const sources = ['src/client', 'src/shared', 'vite.config.ts', 'package.json'].map((p) =>
    path.join(root, p),
  );
  const sourceTime = Math.max(...sources.map(newestMtime));
  if (outputs.every((file) => existsSync(file) && statSync(file).mtimeMs >= sourceTime)) return;
  if (!quiet) console.log('Building the client (vite build)...');
  for (const args of [['build'], ['build', '--ssr', 'entry-server.tsx']]) {
    const build = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), ...args, '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
        // Test runners set NODE_ENV=test; the product is always built for production.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (build.status !== 0) throw new Error(`vite ${args.join(' ')} failed with exit code ${build.status}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  try {
    buildIfNeeded();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
