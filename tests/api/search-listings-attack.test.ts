import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type DatabaseHandle,
  type Executor,
  MIGRATIONS_FOLDER,
  openDatabase,
  queryRows,
} from '../../src/server/db/client';
import { insertCategory, insertProvider } from '../../src/server/db/seed/factories';
import { searchProviders } from '../../src/server/modules/catalog/catalog.search.repository';
import { openTestDatabase } from '../support/database';
import { LISTING_DIFFERS } from '../support/search-listings';

// Attacks on search_listings, the narrow copy search reads (migration 0019, decision 008 "A narrow copy
// to search"): statement shapes, rollbacks, concurrent writers, and the migration on a live database.

const adminUrl = inject('postgresAdminUrl');
const onPostgres = Boolean(adminUrl);

/** Providers whose copy is missing or differs, and copies without a provider. */
async function differing(db: Executor) {
  return queryRows<{ id: number }>(
    db,
    sql`select coalesce(p.id, s.id) as id from providers p full join search_listings s on s.id = p.id
      where s.id is null or p.id is null or ${LISTING_DIFFERS} order by 1`,
  );
}

/** A database of its own on the test cluster (PostgreSQL only): from the migrated template, or empty. */
async function ownDatabase(from: 'template' | 'empty') {
  const name = `trillium_t_review_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      from === 'template'
        ? `create database ${name} template ${inject('postgresTemplate')}`
        : `create database ${name}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(url: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`).catch(() => {});
  await admin.end();
}

/** Waits until a backend matching `where` (SQL over pg_stat_activity) waits on a lock. */
async function waitForLockWait(client: pg.Client, where: string, params: unknown[]) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await client.query(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and ${where}`,
      params,
    );
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the other session never waited on a lock');
}

type Statement = [text: string, params: unknown[]];

/**
 * Two sessions write at once: the first runs its statement in an open transaction, the second's waits
 * on a lock the first holds; then the first commits, and the second finishes and commits.
 */
async function committedAtOnce(url: string, first: Statement, second: Statement) {
  const one = new pg.Client({ connectionString: url });
  const two = new pg.Client({ connectionString: url });
  try {
    await one.connect();
    await two.connect();
    await one.query('begin');
    await one.query(...first);
    await two.query('begin');
    const pid = (await two.query('select pg_backend_pid() as pid')).rows[0].pid;
    const blocked = two.query(...second);
    await waitForLockWait(one, 'pid = $1', [pid]);
    await one.query('commit');
    await blocked;
    await two.query('commit');
  } finally {
    await one.end().catch(() => {});
    await two.end().catch(() => {});
  }
}

describe('search_listings: statement shapes and rollbacks (PGlite and PostgreSQL)', () => {
  let database: DatabaseHandle;
  let category: number;
  let a: number;
  let b: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    category = await insertCategory(database.db, { name: 'Harp Tuning', slug: 'harp-tuning' });
    a = await insertProvider(database.db, { name: 'Lyre Loft', categoryId: category, priceCents: 3000 });
    b = await insertProvider(database.db, {
      name: 'Pedal Harp Care',
      categoryId: category,
      priceCents: 3500,
    });
  });
  afterAll(() => database?.close());

  it('keeps the copy equal through a rollback, a savepoint, a doubled UPDATE ... FROM, writable CTEs, an upsert and a weight-only vector change', async () => {
    const { db } = database;
    // A write rolled back: the copy's write goes with it.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update providers set price_cents = 1, is_active = false where id = ${a}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A savepoint rolled back inside a committed transaction.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update providers set price_cents = 3100 where id = ${a}`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(
            sql`update providers set city_slug = 'ottawa', city = 'Ottawa' where id = ${a}`,
          );
          throw new Error('savepoint');
        }),
      ).rejects.toThrow('savepoint');
    });
    expect(await differing(db)).toEqual([]);

    // One statement that matches a row twice (PostgreSQL updates it once).
    await db.execute(sql`update providers p set price_cents = v.price
      from (values (${a}::int, 4100), (${a}::int, 4200), (${b}::int, 4300)) v(id, price) where p.id = v.id`);
    // Two writable CTEs on providers in one statement (one shared transition table per operation).
    await db.execute(sql`with x as (update providers set review_count = 7 where id = ${a} returning id)
      update providers set is_featured = true where id = ${b}`);
    await db.execute(sql`with x as (update providers set rating = 4.5 where id = ${a} returning id)
      update providers set rating = 1.0 where id = ${a}`);
    // An upsert that updates: the AFTER UPDATE trigger gets the row from INSERT ... ON CONFLICT.
    await db.execute(sql`insert into providers (id, name, description, category_id, city, city_slug, location, price_cents)
      select id, name, description, category_id, city, city_slug, location, 5100 from providers where id = ${a}
      on conflict (id) do update set price_cents = excluded.price_cents`);
    // Only the weights of the vector change: ranking reads them, so the copy must follow.
    await db.execute(sql`update providers set search_vector = setweight(search_vector, 'D') where id = ${b}`);
    expect(await differing(db)).toEqual([]);
    const [weights] = await queryRows<{ v: string }>(
      db,
      sql`select search_vector::text as v from search_listings where id = ${b}`,
    );
    expect(weights?.v).not.toMatch(/[0-9]A/);
  });
});

describe.skipIf(!onPostgres)('search_listings: concurrent writers and a live migration (PostgreSQL)', () => {
  it('two transactions writing different searched columns of one provider at once leave its copy equal', async () => {
    const url = await ownDatabase('template');
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    try {
      const category = await insertCategory(database.db, { name: 'Bell Casting', slug: 'bell-casting' });
      const id = await insertProvider(database.db, {
        name: 'Carillon Works',
        categoryId: category,
        priceCents: 6000,
      });
      await committedAtOnce(
        url,
        ['update providers set price_cents = 6500 where id = $1', [id]],
        [
          `update providers set city_slug = 'ottawa', city = 'Ottawa', is_featured = true where id = $1`,
          [id],
        ],
      );
      expect(await differing(database.db)).toEqual([]);
      const [copy] = await queryRows<{ price: number; city: string; featured: boolean }>(
        database.db,
        sql`select price_cents as price, city_slug as city, is_featured as featured from search_listings where id = ${id}`,
      );
      expect(copy).toEqual({ price: 6500, city: 'ottawa', featured: true });
    } finally {
      await database.close();
      await dropDatabase(url);
    }
  });

  it('migrating a live database to the copy (0019, healed by 0020): a provider written by another process while the copy is made is found by search afterwards', async () => {
    // Migrations 0000-0018 first (a database as it was before this change), from a copy of the folder.
    const folder = mkdtempSync('/tmp/review-migrations-');
    mkdirSync(path.join(folder, 'meta'));
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= 18);
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const file of readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql') && f < '0019'))
      copyFileSync(path.join(MIGRATIONS_FOLDER, file), path.join(folder, file));
    const url = await ownDatabase('empty');
    const before = new pg.Pool({ connectionString: url, max: 1 });
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    const writer = new pg.Client({ connectionString: url, application_name: 'old-server' });
    const watcher = new pg.Client({ connectionString: url });
    try {
      await migrate(drizzle(before), { migrationsFolder: folder });
      await before.end();
      const category = await insertCategory(database.db, { name: 'Organ Voicing', slug: 'organ-voicing' });
      const existing = await insertProvider(database.db, {
        name: 'Bellows Bros',
        categoryId: category,
        priceCents: 7000,
      });

      // A server of the previous release, still serving while the new one starts and migrates: a partner
      // changes a price and a new listing is approved, in a transaction open when the migration starts.
      await writer.connect();
      await watcher.connect();
      await writer.query('begin');
      await writer.query('update providers set price_cents = 1500 where id = $1', [existing]);
      const inserted = await writer.query(
        `insert into providers (name, description, category_id, city, city_slug, location, price_cents, search_vector)
         values ('Zanzibar Pipes', 'Pipe organs voiced.', $1, 'Toronto', 'toronto', 'Toronto, ON', 8000,
           to_tsvector('english', 'Zanzibar Pipes')) returning id`,
        [category],
      );
      const added = inserted.rows[0].id as number;
      const migrating = database.migrate();
      // The migration has copied the providers and now waits for the writer (its DROP INDEX on providers).
      await waitForLockWait(watcher, `application_name = 'trillium-migrate'`, []);
      await writer.query('commit');
      await migrating;

      const found = await searchProviders(database.db, { terms: ['zanzibar'] }, 'relevance', 10, 0, {
        timer: false,
      });
      expect({ found: found.rows.map((row) => row.id), differing: await differing(database.db) }).toEqual({
        found: [added],
        differing: [],
      });
    } finally {
      await writer.end().catch(() => {});
      await watcher.end().catch(() => {});
      await before.end().catch(() => {});
      await database.close();
      await dropDatabase(url);
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('two reviews of one provider committed at once both count in its rating and review count (the copy follows providers)', async () => {
    const url = await ownDatabase('template');
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    try {
      const category = await insertCategory(database.db, { name: 'Lute Repair', slug: 'lute-repair' });
      const id = await insertProvider(database.db, { name: 'Theorbo Hospital', categoryId: category });
      const review = `insert into reviews (provider_id, author_name, rating, comment, booking_id) values ($1, $2, $3, 'Good', $4)`;
      // Two customers submit at once (reviewBooking: insert, then the photos, then commit).
      await committedAtOnce(url, [review, [id, 'Ana', 5, 900_001]], [review, [id, 'Bo', 1, 900_002]]);
      const rows = await queryRows<{ source: string; reviews: number; rating: string }>(
        database.db,
        sql`select 'providers' as source, review_count as reviews, rating::text as rating from providers where id = ${id}
          union all select 'search_listings', review_count, rating::text from search_listings where id = ${id}`,
      );
      expect(rows).toEqual([
        { source: 'providers', reviews: 2, rating: '3.0' },
        { source: 'search_listings', reviews: 2, rating: '3.0' },
      ]);
    } finally {
      await database.close();
      await dropDatabase(url);
    }
  });

  it('two reviews of one provider inserted at the same moment do not deadlock (the foreign key holds KEY SHARE first)', async () => {
    // Each insert's foreign-key check takes FOR KEY SHARE on the provider before the rating trigger runs.
    // When both checks ran before either trigger, a trigger that asked for FOR UPDATE waited for the
    // other's KEY SHARE, both ways: a deadlock, and a 500 for one customer (CI, 2026-11-27).
    const url = await ownDatabase('template');
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    const one = new pg.Client({ connectionString: url });
    const two = new pg.Client({ connectionString: url });
    try {
      const category = await insertCategory(database.db, { name: 'Oud Repair', slug: 'oud-repair' });
      const id = await insertProvider(database.db, { name: 'Oud Clinic', categoryId: category });
      const review = `insert into reviews (provider_id, author_name, rating, comment, booking_id) values ($1, $2, $3, 'Good', $4)`;
      await one.connect();
      await two.connect();
      await one.query('begin');
      // One's insert has passed its foreign-key check and not yet reached the trigger.
      await one.query('select 1 from providers where id = $1 for key share', [id]);
      const pid = (await one.query('select pg_backend_pid() as pid')).rows[0].pid;
      await two.query('begin');
      await two.query("set local lock_timeout = '5s'");
      await two.query(review, [id, 'Ana', 5, 900_011]);
      const first = one.query(review, [id, 'Bo', 1, 900_012]);
      await waitForLockWait(two, 'pid = $1', [pid]);
      await two.query('commit');
      await first;
      await one.query('commit');
      const [row] = await queryRows<{ reviews: number; rating: string }>(
        database.db,
        sql`select review_count as reviews, rating::text as rating from providers where id = ${id}`,
      );
      expect(row).toEqual({ reviews: 2, rating: '3.0' });
    } finally {
      await one.end().catch(() => {});
      await two.end().catch(() => {});
      await database.close();
      await dropDatabase(url);
    }
  });
});
