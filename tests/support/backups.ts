import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../src/server/db/client';
import { ROOT } from './processes';

const run = promisify(execFile);

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** Whether pg_dump and pg_restore are here (PG_BIN, else PATH): the PostgreSQL backups need them. */
export const hasTools = (() => {
  if (existsSync(path.join(PG_BIN, 'pg_dump')) && existsSync(path.join(PG_BIN, 'pg_restore'))) return true;
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Runs `npm run backup` / `npm run restore`'s script as a person would; answers its exit code and output. */
export async function runScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts', `${script}.ts`), ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env }, timeout: 120_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

/** What a restore must bring back, row for row: bookings, users and documents. */
export async function snapshot(db: Executor) {
  return {
    bookings: await queryRows(
      db,
      sql`select id, reference, status, payment_status, total_cents, customer_id, provider_id, service_date
          from bookings order by id`,
    ),
    users: await queryRows(db, sql`select id, email, role, password_hash from users order by id`),
    documents: await queryRows(
      db,
      sql`select filename, application_id, kind, size_bytes from documents order by filename`,
    ),
  };
}

/** Every file under `dir` with a digest of its bytes. */
export function filesIn(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(
    files.map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return [path.relative(dir, full), createHash('sha256').update(readFileSync(full)).digest('hex')];
    }),
  );
}
