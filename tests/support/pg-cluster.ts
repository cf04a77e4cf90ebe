import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Clock } from '../../src/server/clock';
import { type Database, openDatabase } from '../../src/server/db/client';
import { appOn } from './app';
import { freePort } from './processes';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A PostgreSQL 15 cluster of the test's own, which the test may stop and start (as `postgres` when run as root). */
export async function startOwnCluster() {
  const dir = mkdtempSync(path.join(tmpdir(), 'trillium-own-pg-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string) =>
    asRoot
      ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { stdio: 'pipe' })
      : execFileSync('sh', ['-c', command], { stdio: 'pipe' });
  run(`${PG_BIN}/initdb -D '${dir}/data' -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8`);
  const start = () =>
    run(
      `${PG_BIN}/pg_ctl -D '${dir}/data' -l '${dir}/log' -w -o "-p ${port} -k '${dir}' -c listen_addresses=127.0.0.1 -c fsync=off" start`,
    );
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run(`${PG_BIN}/pg_ctl -D '${dir}/data' -m fast -w stop`),
    start,
    destroy() {
      try {
        run(`${PG_BIN}/pg_ctl -D '${dir}/data' -m immediate -w stop`);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether this machine can start a cluster of the test's own (or the suite already runs on PostgreSQL). */
export const canRunPostgres = () => Boolean(process.env.TEST_DATABASE_URL) || existsSync(`${PG_BIN}/initdb`);

/**
 * The app on a PostgreSQL cluster of the test's own, migrated and seeded by `seed`, for races PGlite
 * cannot show (it runs one statement at a time). `close` stops the app, the pool and the cluster.
 */
export async function appOnOwnPostgres(clock: Clock, seed?: (db: Database) => Promise<void>) {
  const cluster = await startOwnCluster();
  try {
    const database = await openDatabase({ kind: 'postgres', url: cluster.url, poolSize: 5 });
    await database.migrate();
    await seed?.(database.db);
    const ctx = await appOn(database, { clock, env: { PUBLIC_URL: 'https://trillium.test' } });
    return {
      ...ctx,
      async close() {
        await ctx.close();
        cluster.destroy();
      },
    };
  } catch (error) {
    cluster.destroy();
    throw error;
  }
}
