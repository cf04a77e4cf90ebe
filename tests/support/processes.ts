import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** Starts `src/server/main.ts` as its own process (as production runs it) and waits for /api/health. */
export async function startServerProcess(
  env: Record<string, string>,
  { timeoutMs = 90_000, entry = 'src/server/main.ts' } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => output,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      });
    },
  };
}
