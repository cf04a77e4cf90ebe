import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { hasErrorCode } from './errors';
import { listenForNotices, type NoticeHandlers, type NoticeListener } from './notify';
import { namedQuery, unnamedQuery } from './pglite-named.mjs';
import { openPgliteThread } from './pglite-thread';

/**
 * Drizzle without its relational query API (`db.query.*`), which nothing here uses: given the schema,
 * every transaction built a query builder for each of its tables (docs/decisions/008, "The hold's time").
 */
export type Database = PgDatabase<PgQueryResultHKT>;
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
  /** Times every query from now on (metrics), or stops when given null. Timing only: results are untouched. */
  observeQueries?(observer: QueryObserver | null): void;
  /**
   * PostgreSQL only: the database through connections that stop any statement after `ms` milliseconds
   * (statement_timeout, set when each connects), for work that has a slower, surer way when it runs
   * out (withinTime). It saves the transaction a limit set per statement would need: three round trips.
   */
  limitedTo?(ms: number): Database;
  /**
   * PostgreSQL only: LISTENs on `channel` over a connection of its own that reconnects (db/notify.ts).
   * PGlite has no other process to hear from.
   */
  listen?(channel: string, handlers: NoticeHandlers): NoticeListener;
};

/** Called once per finished query (failed ones too) with its duration and first SQL keyword. */
export type QueryObserver = (seconds: number, operation: QueryOperation) => void;
export type QueryOperation = 'select' | 'insert' | 'update' | 'delete' | 'other';

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
  const timing = createQueryTiming();
  // The thread client has the part of PGlite's interface drizzle calls (query, exec, transaction).
  const db = drizzlePglite({
    client: timedPglite(client as PGlite, timing) as PGlite,
  }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    pglite: client instanceof PGlite ? client : undefined,
    observeQueries: timing.set,
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
  const timing = createQueryTiming();
  const openPool = (max: number, timeoutMs: number) => {
    const opened = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: 2000,
      idleTimeoutMillis: 30_000,
      ...(timeoutMs > 0 ? { statement_timeout: timeoutMs } : {}),
      application_name: 'trillium',
    });
    // A client that loses its server (PostgreSQL restarted: 57P01, or the network dropped) emits `error`.
    // The pool listens on idle clients only; a client checked out for a transaction has no listener, and
    // an unheard `error` event kills the process. Every client gets one: its query fails (a 503 to the
    // caller, src/server/plugins/error-handler.ts) and the pool discards it when it is released.
    opened.on('error', () => {});
    opened.on('connect', (client) => {
      client.on('error', () => {});
      timePgClient(client, timing);
    });
    keepConnectionsAfterAnsweredErrors(opened);
    return opened;
  };
  const pool = openPool(poolSize, statementTimeoutMs);
  const db = drizzleNodePg(pool) as unknown as Database;
  // Pools whose connections stop every statement after a few milliseconds, one per limit, made on
  // first use and half the main pool's size (withinTime).
  const limitedPools = new Map<number, { pool: pg.Pool; db: Database }>();
  const limitedTo = (ms: number): Database => {
    let limited = limitedPools.get(ms);
    if (!limited) {
      const opened = openPool(Math.max(2, Math.ceil(poolSize / 2)), ms);
      limited = { pool: opened, db: drizzleNodePg(opened) as unknown as Database };
      limitedPools.set(ms, limited);
    }
    return limited.db;
  };
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
    observeQueries: timing.set,
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
        await migrateNodePg(drizzleNodePg(migrationPool), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await migrationPool.end();
      }
    },
    withStartupLock,
    limitedTo,
    listen: (channel, handlers) => listenForNotices(url, channel, handlers),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(
        [pool, ...[...limitedPools.values()].map((limited) => limited.pool)].map((p) => p.end()),
      );
    },
  };
}

type QueryTiming = ReturnType<typeof createQueryTiming>;

/** The observer of one database handle, and `time(sql, promise)` which reports to it when one is set. */
function createQueryTiming() {
  let observer: QueryObserver | null = null;
  return {
    set(next: QueryObserver | null) {
      observer = next;
    },
    /** Reports when `result` settles; answers `result` itself (a rejection stays the caller's to handle). */
    time<T>(text: unknown, result: T): T {
      const current = observer;
      if (!current || !result || typeof (result as { then?: unknown }).then !== 'function') return result;
      const started = performance.now();
      const done = () => current((performance.now() - started) / 1000, operationOf(text));
      (result as unknown as Promise<unknown>).then(done, done);
      return result;
    },
    /** For node-postgres' callback form (pg-pool's own `query`): reports when the callback is called. */
    timeCallback(text: unknown, callback: (...args: unknown[]) => unknown) {
      const current = observer;
      if (!current) return callback;
      const started = performance.now();
      return (...args: unknown[]) => {
        current((performance.now() - started) / 1000, operationOf(text));
        return callback(...args);
      };
    },
  };
}

const OPERATIONS = new Set(['select', 'insert', 'update', 'delete']);

function operationOf(text: unknown): QueryOperation {
  const sqlText = typeof text === 'string' ? text : (text as { text?: unknown } | null)?.text;
  const word = typeof sqlText === 'string' ? /^\s*(\w+)/.exec(sqlText)?.[1]?.toLowerCase() : undefined;
  return word && OPERATIONS.has(word) ? (word as QueryOperation) : 'other';
}

type PgliteLike = Pick<PGlite, 'query' | 'exec' | 'transaction'>;
type PgliteQuery = (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

/**
 * PGlite (or its thread) with `query` and `exec` timed, in transactions too, and `queryNamed`: the same
 * as `query` through a statement PGlite parses and plans once (pglite-named.mjs), which preparedPer's
 * queries run on (docs/decisions/008, "Statements PGlite plans once").
 */
function timedPglite(client: PgliteLike, timing: QueryTiming): PgliteLike {
  const inProcess = client instanceof PGlite ? client : undefined;
  const timedQueries = <C extends Pick<PGlite, 'query' | 'exec'>>(target: C, inTransaction: boolean) => {
    const query = target.query as unknown as PgliteQuery;
    return {
      query: ((text: string, params?: unknown[], options?: QueryOptions) =>
        timing.time(
          text,
          // Drizzle's statements (they bring parsers) read their results with a shared parser table
          // in process (pglite-named.mjs, parsersOf); the thread does so on its side.
          inProcess && options?.parsers
            ? unnamedQuery(inProcess, text, params, options, { inTransaction })
            : query.call(target, text, params, options),
        )) as C['query'],
      exec: ((text: string, ...rest: unknown[]) =>
        timing.time(
          text,
          (target.exec as (...a: unknown[]) => unknown).call(target, text, ...rest),
        )) as C['exec'],
      queryNamed: ((text, params, options) =>
        timing.time(
          text,
          inProcess
            ? namedQuery(inProcess, text, params, options, { inTransaction })
            : // The thread (pglite-thread.ts) runs it through pglite-named.mjs on its side.
              query.call(target, text, params, { ...options, named: true } as QueryOptions),
        )) as PgliteQuery,
    };
  };
  return {
    ...timedQueries(client, false),
    transaction: ((work: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) =>
      client.transaction((tx) =>
        work({
          ...timedQueries(tx, true),
          rollback: () => tx.rollback(),
          get closed() {
            return tx.closed;
          },
        } as unknown as typeof tx),
      )) as PGlite['transaction'],
  };
}

/**
 * pg-pool's own `query` discards its connection after any error, even one the server simply answered
 * (a constraint refused the row, a statement ran out of time): the next statement then waits for a new
 * connection, its sign-in and its prepared statements parsed again. On this VM that made a refused hold
 * (the time was taken: a 409) cost 12 ms instead of 2 (decision 008, "A refused statement kept its
 * connection"). A statement on the pool keeps its connection after an error of severity ERROR that left
 * it idle outside a transaction (answeredAndIdle), which is the state a fresh one is in; a FATAL error
 * (the server ending the session: 57P01), a broken connection or one left inside a transaction is
 * discarded as before.
 */
function keepConnectionsAfterAnsweredErrors(pool: pg.Pool) {
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    // The callback form stays pg-pool's own (Drizzle and this code use the promise form).
    if (typeof args.at(-1) === 'function') return poolQuery(...args);
    return (async () => {
      const client = await pool.connect();
      try {
        const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        client.release();
        return result;
      } catch (error) {
        client.release((await answeredAndIdle(client, error)) ? undefined : (error as Error));
        throw error;
      }
    })();
  }) as typeof pool.query;
}

/**
 * Whether a failed statement's connection is ready for anyone's next one: the server answered the
 * error (severity ERROR, not FATAL) and the connection is idle outside a transaction. node-postgres
 * reports the error before the server's ReadyForQuery, which carries the transaction's status, so the
 * status is read after one more statement: `select 1` runs once that ReadyForQuery has come, and fails
 * in a transaction the error aborted (`begin; select 1 / 0`). One round trip, against a new connection.
 */
async function answeredAndIdle(client: pg.PoolClient, error: unknown): Promise<boolean> {
  if (!(error instanceof pg.DatabaseError) || error.severity !== 'ERROR') return false;
  try {
    await client.query('select 1');
  } catch {
    return false;
  }
  return (client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus() === 'I';
}

/** One node-postgres connection with `query` timed (promise and callback forms alike). */
function timePgClient(client: pg.PoolClient, timing: QueryTiming) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      args[last] = timing.timeCallback(args[0], args[last] as (...a: unknown[]) => unknown);
      return query(...args);
    }
    return timing.time(args[0], query(...args));
  }) as typeof client.query;
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

/**
 * A prepared query built once per driver on first use, and run by any executor of that driver: the
 * database itself, its time-limited connections, or a transaction. Drizzle builds its SQL once instead
 * of on every call, and node-postgres sends it as a named statement, which PostgreSQL parses and plans
 * once per connection (a generic plan after five runs). For the hot fixed-shape queries of requests (the
 * session, the rate limit, a hold's statements), where building the SQL cost more CPU than running it.
 * `build` must give the same SQL every time, with `sql.placeholder` for whatever changes: a statement's
 * name stands for one text on a connection.
 *
 * How: Drizzle's prepared query runs on the `client` of the session it was built in (a pool, a pooled
 * connection in a transaction, PGlite or its transaction). Each executor gets a view of the one built
 * query with its own session's client (`Object.create`: everything else is shared). A test runs one in
 * a transaction on both drivers (db/prepared.test.ts).
 */
export function preparedPer<Q extends object>(build: (db: Executor) => Q): (db: Executor) => Q {
  const built = new Map<unknown, Q>();
  const bound = new WeakMap<object, Q>();
  return (db) => {
    const { session } = db as unknown as { session: { client: object & { queryNamed?: PgliteQuery } } };
    let query = bound.get(session.client);
    if (query === undefined) {
      let model = built.get(session.constructor);
      if (model === undefined) {
        model = build(db);
        built.set(session.constructor, model);
      }
      // On PGlite the query runs as a named statement too (timedPglite's queryNamed); Drizzle's
      // PGlite query calls only its client's `query`.
      const { queryNamed } = session.client;
      const client = queryNamed ? { query: queryNamed } : session.client;
      query = Object.create(model, { client: { value: client } }) as Q;
      bound.set(session.client, query);
    }
    return query;
  };
}

/**
 * Runs `work` in a transaction whose statements may each take at most `ms` milliseconds (PostgreSQL's
 * statement_timeout, set for this transaction only) and answers undefined when one took longer, for a
 * caller that has a surer, slower way. Given a handle with `limitedTo` (PostgreSQL), the work runs on
 * its time-limited connections instead, outside any transaction: one round trip for a one-statement
 * work instead of four. PGlite has no statement timer: there the work just runs.
 */
export async function withinTime<T>(
  db: Executor,
  ms: number,
  work: (tx: Executor) => Promise<T>,
  limited?: Pick<DatabaseHandle, 'limitedTo'>,
): Promise<T | undefined> {
  const limit = Math.max(1, Math.floor(ms));
  try {
    const through = limited?.limitedTo?.(limit);
    if (through) return await work(through);
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${limit}`));
      return work(tx);
    });
  } catch (error) {
    if (hasErrorCode(error, '57014')) return undefined;
    throw error;
  }
}

/**
 * A json column or `json_agg` result as the driver gave it: node-postgres parses json, PGlite may hand
 * back its text. Every repository that reads one goes through here.
 */
export function jsonValue<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
