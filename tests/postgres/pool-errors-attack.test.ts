import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../../src/server/db/client';

// A hostile review of decision 008, "A refused statement kept its connection": the pool's `query`
// keeps a connection after a refused statement only when the connection is idle, outside a transaction.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the pool after failures, attacked', () => {
  let database: DatabaseHandle;
  const name = `trillium_pool_attack_${process.pid}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  let admin: pg.Client;
  const POOL = 2;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: POOL });
    await database.db.execute(sql`create table t (id int primary key)`);
    await database.db.execute(sql`insert into t values (1)`);
  });
  afterAll(async () => {
    await database?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const code = (statement: ReturnType<typeof sql>) =>
    database.db.execute(statement).then(
      () => 'ran',
      (error: Error) => ((error.cause ?? error) as { code?: string }).code ?? String(error),
    );
  const one = async () => (await queryRows<{ one: number }>(database.db, sql`select 1 as one`))[0]!.one;
  const backends = async () =>
    (
      await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'trillium'`,
        [name],
      )
    ).rows[0]!.n;
  const sessions = async () =>
    (
      await admin.query<{ n: number }>('select sessions::int as n from pg_stat_database where datname = $1', [
        name,
      ])
    ).rows[0]!.n;

  it('400 refusals, 20 at a time: no connection leaked, none replaced, the next statement answers at once', async () => {
    await Promise.all(Array.from({ length: POOL }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    const before = await sessions();
    for (let i = 0; i < 20; i++) {
      const codes = await Promise.all(
        Array.from({ length: 20 }, (_, k) => code(k % 2 ? sql`select 1 / 0` : sql`insert into t values (1)`)),
      );
      expect(new Set(codes)).toEqual(new Set(['22012', '23505']));
    }
    expect(await sessions()).toBe(before);
    expect(await backends()).toBeLessThanOrEqual(POOL);
    expect(await one()).toBe(1);
  });

  it('a failure that leaves a transaction open is discarded every time (100 rounds), never handed on aborted', async () => {
    const failures: string[] = [];
    for (let round = 0; round < 100; round++) {
      expect(await code(sql.raw('begin; select 1 / 0'))).toBe('22012');
      const next = await code(sql`select 1`);
      if (next !== 'ran') failures.push(`round ${round}: the next statement failed with ${next}`);
    }
    expect(failures).toEqual([]);
  });

  it('a failure after BEGIN with rows already sent (simple protocol) is discarded too', async () => {
    const failures: string[] = [];
    for (let round = 0; round < 50; round++) {
      expect(await code(sql.raw('begin; select 1 / (3 - x) from generate_series(1, 5) x'))).toBe('22012');
      const next = await code(sql`select 1`);
      if (next !== 'ran') failures.push(`round ${round}: ${next}`);
    }
    expect(failures).toEqual([]);
  });

  it('a statement out of time inside a transaction: the pool answers after, outside any transaction', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 50`);
        await tx.execute(sql`select pg_sleep(1)`);
      }),
    ).rejects.toBeTruthy();
    for (let i = 0; i < POOL * 2; i++) {
      const rows = await queryRows<{ fresh: boolean; timeout: string }>(
        database.db,
        sql`select now() = statement_timestamp() as fresh, current_setting('statement_timeout') as timeout`,
      );
      expect(rows[0]).toEqual({ fresh: true, timeout: '5s' });
    }
    // Outside a transaction: a failing statement is its own, the next sees committed data.
    expect(await code(sql`select 1 / 0`)).toBe('22012');
    expect(await one()).toBe(1);
  });

  it('connections killed while idle in the pool (pg_terminate_backend from another session): the next statements answer', async () => {
    // Fill the pool.
    await Promise.all(Array.from({ length: POOL }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'trillium'`,
      [name],
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const codes = await Promise.all(Array.from({ length: POOL * 2 }, () => code(sql`select 1`)));
    expect(codes).toEqual(Array.from({ length: POOL * 2 }, () => 'ran'));
  });

  it('a connection killed while a statement runs on it: that statement fails, the pool recovers', async () => {
    const running = code(sql`select pg_sleep(2)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'trillium' and query like '%pg_sleep(2)%'`,
      [name],
    );
    expect(await running).toBe('57P01');
    const codes = await Promise.all(Array.from({ length: POOL * 2 }, () => code(sql`select 1`)));
    expect(codes).toEqual(Array.from({ length: POOL * 2 }, () => 'ran'));
    expect(await backends()).toBeLessThanOrEqual(POOL);
  });

  it('a named prepared statement whose parse failed is parsed again on the kept connection, not "does not exist"', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const run = () =>
      pool.query({ name: 'attack_missing', text: 'select count(*)::int as n from attack_later' }).then(
        (r) => `ran ${r.rows[0].n}`,
        (error: { code?: string }) => error.code,
      );
    for (let i = 0; i < POOL * 2; i++) expect(await run()).toBe('42P01');
    await database.db.execute(sql`create table attack_later (id int)`);
    for (let i = 0; i < POOL * 2; i++) expect(await run()).toBe('ran 0');
  });

  it('a client-side error (a value that cannot be sent) after the connection is taken: not leaked', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const bad = {
      toPostgres() {
        throw new Error('cannot encode');
      },
    };
    for (let i = 0; i < POOL * 3; i++) {
      await expect(pool.query('select $1::text', [bad])).rejects.toThrow();
    }
    expect(await one()).toBe(1);
    expect(pool.totalCount).toBeLessThanOrEqual(POOL);
    expect(pool.idleCount).toBe(pool.totalCount);
  });
});
