import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { createClient } from '../support/http';
import { ROOT } from '../support/processes';

const dir = mkdtempSync(path.join(tmpdir(), 'trillium-create-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function createAdmin(args: string[]) {
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/server/db/seed/create-admin.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
    stdio: 'pipe',
  }).toString();
}

// The embedded database's own: the PGlite pass runs it, and the PostgreSQL pass would only repeat it
// (docs/decisions/016-test-run-time.md).
describe.skipIf(process.env.TEST_DATABASE_URL)('npm run create-admin', () => {
  it('refuses a weak password, creates an admin who can sign in, and promotes an existing account', async () => {
    expect(() => createAdmin(['--email', 'ops@example.com', '--password', 'weak'])).toThrow();
    expect(createAdmin(['--email', 'ops@example.com', '--password', 'Ops!Secure77'])).toContain(
      'Created the admin account',
    );
    expect(createAdmin(['--email', 'OPS@example.com', '--password', 'Ops!Secure88'])).toContain(
      'is now an admin',
    );

    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
      database,
    });
    await app.ready();
    const client = createClient({ app });
    const user = await client.login('ops@example.com', 'Ops!Secure88');
    expect(user.role).toBe('admin');
    await app.close();
    await database.close();
    // Three processes, each starting tsx and the embedded database (the first also migrates it): 20-25 s
    // on a quiet machine, past 60 s on a loaded one (CI of 2026-11-27).
  }, 180_000);
});
