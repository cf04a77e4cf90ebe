#!/usr/bin/env node
// `npm start`: builds the client when the build is missing or older than its sources, then serves
// the whole product in production mode. Signals pass on to the server, which shuts down gracefully.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
try {
  buildIfNeeded();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
