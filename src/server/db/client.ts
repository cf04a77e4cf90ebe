import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** Applies pending migrations; on PostgreSQL under an advisory lock so parallel starts migrate once. */
  migrate(): Promise<void>;
  /** Runs `work` while holding a cluster-wide lock (PostgreSQL) or directly (PGlite: one process). */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The PGlite instance, when embedded (tests dump and load it). */
  pglite?: PGlite;
};

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const STARTUP_LOCK_KEY = 0x7472_696c; // "tril"

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; statementTimeoutMs?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** In a worker thread, so slow queries do not stall the server's event loop (the server does this). */
      thread?: boolean;
    };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres')
    return openPostgres(options.url, options.poolSize ?? 15, options.statementTimeoutMs ?? 5000);
  return openPglite(options.dataDir, options.loadDataDir, options.thread ?? false);
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
  thread: boolean,
): Promise<DatabaseHandle> {
  let location: string | undefined;
  if (dataDir) {
    location = path.resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  if (thread && loadDataDir) throw new Error('loadDataDir is not supported with a PGlite thread');
  const client = thread
    ? await openPgliteThread(location ?? 'memory://')
    : await PGlite.create(location ?? 'memory://', { extensions: { pg_trgm, btree_gist }, loadDataDir });
  // The thread client has the part of PGlite's interface drizzle calls (query, exec, transaction).
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    pglite: client instanceof PGlite ? client : undefined,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    withStartupLock: (work) => work(),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/** Request traffic gets a 5-second statement timeout; maintenance commands (bulk seeding) pass 0 for none. */
async function openPostgres(
  url: string,
  poolSize: number,
  statementTimeoutMs: number,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    application_name: 'trillium',
  });
  // A client that loses its server (PostgreSQL restarted: 57P01, or the network dropped) emits `error`.
  // The pool listens on idle clients only; a client checked out for a transaction has no listener, and
  // an unheard `error` event kills the process. Every client gets one: its query fails (a 503 to the
  // caller, src/server/plugins/error-handler.ts) and the pool discards it when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  let closed = false;
  const withStartupLock = async <T>(work: () => Promise<T>): Promise<T> => {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      return await work();
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    // Migrations get their own connection without the request statement timeout: building an index on
    // a large table may rightly take longer than 5 seconds.
    async migrate() {
      const migrationPool = new pg.Pool({
        connectionString: url,
        max: 1,
        connectionTimeoutMillis: 10_000,
        application_name: 'trillium-migrate',
      });
      migrationPool.on('error', () => {});
      try {
        await migrateNodePg(drizzleNodePg(migrationPool, { schema }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await migrationPool.end();
      }
    },
    withStartupLock,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Runs raw SQL and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(db: Executor, query: SQLWrapper): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** One round trip to the database (health checks): throws when it is away. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
