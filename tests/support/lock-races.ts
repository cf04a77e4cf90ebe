import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import type { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory } from '../../src/server/db/seed/factories';
import { loadEnv } from '../../src/server/env';
import type { TestContext } from './app';
import { openTestDatabase } from './database';
import { type Client, createClient } from './http';
import { insertPartnerListing } from './partners';

/**
 * A world for races on PostgreSQL (tests/api/deadlock-attack and races-attack): an app whose error log
 * is kept (a 500's cause, "deadlock detected", is in it), salon listings with a signed-in partner each,
 * and raw sessions on the same database to hold locks, so that two requests interleave as a test says.
 */
export type LockListing = { id: number; ownerId: number; partner: Client };

export async function createLockWorld(options: {
  clock: ReturnType<typeof fixedClock>;
  adminUrl: string;
  /** A word per listing: its owner is `<prefix>.<key>@example.com`. */
  listings: readonly string[];
  prefix: string;
  /** The partners sign in from `<ipBase>.1`, `.2`, … */
  ipBase: string;
}) {
  const logged: string[] = [];
  const database = await openTestDatabase();
  const salon = await insertCategory(database.db, { name: 'Salon Services', slug: 'salon-services' });
  const owners: Record<string, { id: number; ownerId: number; ownerEmail: string }> = {};
  for (const key of options.listings)
    owners[key] = await insertPartnerListing(database.db, {
      ownerEmail: `${options.prefix}.${key}@example.com`,
      ownerName: `Owner ${key}`,
      name: `${options.prefix} Salon ${key}`,
      categoryId: salon,
      services: [
        { name: 'Haircut', priceCents: 10_000 },
        { name: 'Colour', priceCents: 12_000 },
      ],
    });
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    CLIENT_DIST: './dist/client',
  });
  const app = await buildApp({
    env,
    database,
    clock: options.clock,
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
  });
  await app.ready();
  const ctx: TestContext = {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
  const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
  const url = new URL(options.adminUrl);
  url.pathname = `/${row!.name}`;
  const databaseUrl = url.toString();

  /** A session of its own on the app's database (the third party of a forced interleaving). */
  const session = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return client;
  };
  const watcher = await session();
  const lockWaiters = async () =>
    (
      await watcher.query(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      )
    ).rows[0].n as number;

  const listings: Record<string, LockListing> = {};
  let n = 0;
  for (const key of options.listings) {
    const owner = owners[key]!;
    const partner = createClient(ctx, { ip: `${options.ipBase}.${++n}` });
    await partner.login(owner.ownerEmail, DEMO_PASSWORD);
    listings[key] = { id: owner.id, ownerId: owner.ownerId, partner };
  }

  return {
    ctx,
    databaseUrl,
    listings,
    session,
    /** A session that holds `statement`'s locks, in an open transaction, until `release`. */
    async holding(statement: string, params: unknown[]) {
      const client = await session();
      await client.query('begin');
      await client.query(statement, params);
      return {
        async release() {
          await client.query('commit');
          await client.end();
        },
      };
    },
    /** Waits until at least `count` sessions of this database wait on a lock (a row, a tuple, an advisory lock). */
    async waitForLockWaiters(count: number) {
      for (let i = 0; i < 400; i++) {
        if ((await lockWaiters()) >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`never saw ${count} session(s) waiting on a lock`);
    },
    /**
     * Waits until `request` is parked too (at least `count` sessions wait on a lock) or has answered:
     * once a lock no longer waits for another, the second request goes through instead of parking.
     */
    async parkedOrAnswered(request: Promise<unknown>, count: number) {
      let answered = false;
      const settle = () => {
        answered = true;
      };
      request.then(settle, settle);
      for (let i = 0; i < 400 && !answered; i++) {
        if ((await lockWaiters()) >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (!answered) throw new Error(`never saw ${count} session(s) waiting on a lock, nor an answer`);
    },
    /**
     * What the server logged at level error since the last call: for each, the database's own words and
     * the app's statement that got them ("deadlock detected at insertLedgerEvent (earnings.repository.ts:43)").
     */
    serverErrors() {
      return logged.splice(0).map((line) => {
        const entry = JSON.parse(line) as { msg?: string; err?: { message?: string; stack?: string } };
        const stack = entry.err?.stack ?? '';
        const cause = stack.match(/caused by: \w*error: ([^\n]+)/i)?.[1] ?? entry.err?.message ?? entry.msg;
        const frame = stack.match(/at (\w+) \([^)]*\/src\/server\/modules\/\w+\/([^):]+:\d+)/);
        return `${cause}${frame ? ` at ${frame[1]} (${frame[2]})` : ''}`;
      });
    },
    forgetLogs() {
      logged.length = 0;
    },
    async close() {
      await watcher.end().catch(() => {});
      await ctx.close();
    },
  };
}

export type LockWorld = Awaited<ReturnType<typeof createLockWorld>>;
