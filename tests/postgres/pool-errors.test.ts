import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../../src/server/db/client';

// Decision 008, "A refused statement kept its connection": a statement the server refused must not cost
// the pool its connection (pg-pool's own `query` discarded it after any error), and one that broke its
// connection, or left it inside a transaction, must still be discarded.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the pool after a statement fails', () => {
  let database: DatabaseHandle;
  const name = `trillium_pool_errors_${process.pid}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // One connection: whichever statement runs next runs on it, or on its replacement.
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const backend = async () =>
    (await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`))[0]!.pid;
  const refused = (statement: ReturnType<typeof sql>) =>
    database.db.execute(statement).then(
      () => 'ran',
      (error: Error) => ((error.cause ?? error) as { code?: string }).code,
    );

  it('keeps the connection after a refusal (a constraint, a division by zero, a statement out of time)', async () => {
    const pid = await backend();
    expect(await refused(sql`select 1 / 0`)).toBe('22012');
    expect(await backend()).toBe(pid);
    await database.db.execute(sql`create table if not exists once (id int primary key)`);
    await database.db.execute(sql`insert into once values (1)`);
    expect(await refused(sql`insert into once values (1)`)).toBe('23505');
    expect(await backend()).toBe(pid);
    // A statement out of time (the pool's own limit is 5 seconds: this one connection's, shorter).
    await database.db.execute(sql`set statement_timeout = 50`);
    expect(await refused(sql`select pg_sleep(1)`)).toBe('57014');
    await database.db.execute(sql`reset statement_timeout`);
    expect(await backend()).toBe(pid);
    // And the kept connection answers at once, in a clean state.
    expect(
      (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from once`))[0]!.n,
    ).toBe(1);
  });

  it('discards a connection the server ended (FATAL), and answers on a new one', async () => {
    const pid = await backend();
    expect(await refused(sql`select pg_terminate_backend(pg_backend_pid())`)).toBe('57P01');
    const next = await backend();
    expect(next).not.toBe(pid);
  });

  it('discards a connection a failed statement left inside a transaction', async () => {
    const pid = await backend();
    // Two statements in one message: the BEGIN took effect, the division failed inside it.
    expect(await refused(sql.raw('begin; select 1 / 0'))).toBe('22012');
    const next = await backend();
    expect(next).not.toBe(pid);
    // Not an aborted transaction: the new connection runs statements.
    expect((await queryRows<{ one: number }>(database.db, sql`select 1 as one`))[0]!.one).toBe(1);
  });
});
