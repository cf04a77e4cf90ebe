import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir, openTestDatabase } from '../../../tests/support/database';
import { type DatabaseHandle, type Executor, openDatabase, preparedPer, queryRows } from './client';
import { hasErrorCode } from './errors';
import { categories } from './schema';
import { insertCategory } from './seed/factories';

// preparedPer: one prepared query per driver, run by whichever executor is given, transactions included.

let database: DatabaseHandle;
let builds = 0;
const categoryBySlug = preparedPer((db: Executor) => {
  builds++;
  return db
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.slug, sql.placeholder('slug')))
    .prepare('test_category_by_slug');
});

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

class RolledBack extends Error {}

describe('a prepared query', () => {
  it("runs in the transaction it is given: it sees the transaction's rows and goes with its rollback", async () => {
    const { db } = database;
    expect(await categoryBySlug(db).execute({ slug: 'prep-a' })).toEqual([]);
    await expect(
      db.transaction(async (tx) => {
        await insertCategory(tx, { name: 'Prep A', slug: 'prep-a' });
        expect(await categoryBySlug(tx).execute({ slug: 'prep-a' })).toEqual([{ name: 'Prep A' }]);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(await categoryBySlug(db).execute({ slug: 'prep-a' })).toEqual([]);
  });

  it('is built once, and each transaction runs it with its own values', async () => {
    const { db } = database;
    const before = builds;
    for (const n of [1, 2, 3]) {
      await db.transaction(async (tx) => {
        await insertCategory(tx, { name: `Prep ${n}`, slug: `prep-${n}` });
        expect(await categoryBySlug(tx).execute({ slug: `prep-${n}` })).toEqual([{ name: `Prep ${n}` }]);
      });
    }
    expect(await categoryBySlug(db).execute({ slug: 'prep-2' })).toEqual([{ name: 'Prep 2' }]);
    expect(builds - before).toBe(0);
    expect(builds).toBe(1);
  });

  // PostgreSQL only: PGlite has one connection, so the database cannot be asked beside an open transaction.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL, runs on the transaction's connection, not another of the pool",
    async () => {
      const { db } = database;
      await db.transaction(async (tx) => {
        await insertCategory(tx, { name: 'Prep B', slug: 'prep-b' });
        expect(await categoryBySlug(tx).execute({ slug: 'prep-b' })).toEqual([{ name: 'Prep B' }]);
        // Through the pool: another connection, which does not see the uncommitted row.
        expect(await categoryBySlug(db).execute({ slug: 'prep-b' })).toEqual([]);
      });
      expect(await categoryBySlug(db).execute({ slug: 'prep-b' })).toEqual([{ name: 'Prep B' }]);
    },
  );
});

// PGlite plans each of its `query` calls anew; a prepared query runs there as a named statement
// (pglite-named.mjs), in process (the tests' driver) and in the server's worker thread alike.
describe.skipIf(process.env.TEST_DATABASE_URL)('on PGlite, a prepared query as a named statement', () => {
  const slugAsNumber = preparedPer((db: Executor) =>
    db
      .select({ n: sql<number>`${sql.placeholder('slug')}::int` })
      .from(categories)
      .limit(1)
      .prepare('test_slug_as_number'),
  );
  const badNumber = (error: unknown) => hasErrorCode(error, '22P02');
  const named = async (db: Executor, text: string) =>
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_prepared_statements
          where name like 'pglite_named_%' and statement = ${text}`,
    );

  for (const thread of [false, true]) {
    describe(thread ? 'in the worker thread' : 'in process', () => {
      let handle: DatabaseHandle;
      let dataDir: string;
      beforeAll(async () => {
        dataDir = mkdtempSync(path.join(os.tmpdir(), 'trillium-named-'));
        await migratedDataDir(dataDir);
        handle = await openDatabase({ kind: 'pglite', thread, dataDir });
        await insertCategory(handle.db, { name: 'Named', slug: 'named' });
      });
      afterAll(async () => {
        await handle?.close();
        rmSync(dataDir, { recursive: true, force: true });
      });

      it('is parsed once under a name, and answers as a query does', async () => {
        const { db } = handle;
        for (let i = 0; i < 3; i++)
          expect(await categoryBySlug(db).execute({ slug: 'named' })).toEqual([{ name: 'Named' }]);
        const text = categoryBySlug(db).getQuery().sql;
        expect(await named(db, text)).toEqual([{ n: 1 }]);
      });

      it('fails as a query does, and the session goes on: after the error, and in a transaction', async () => {
        const { db } = handle;
        expect(await slugAsNumber(db).execute({ slug: '7' })).toEqual([{ n: 7 }]);
        await expect(slugAsNumber(db).execute({ slug: 'seven' })).rejects.toSatisfy(badNumber);
        expect(await slugAsNumber(db).execute({ slug: '8' })).toEqual([{ n: 8 }]);
        await expect(
          db.transaction(async (tx) => {
            await insertCategory(tx, { name: 'Named Gone', slug: 'named-gone' });
            await slugAsNumber(tx).execute({ slug: 'nine' });
          }),
        ).rejects.toSatisfy(badNumber);
        expect(await categoryBySlug(db).execute({ slug: 'named-gone' })).toEqual([]);
        expect(await slugAsNumber(db).execute({ slug: '10' })).toEqual([{ n: 10 }]);
      });

      it('made inside a transaction that rolled back, still runs after it', async () => {
        const { db } = handle;
        const fresh = preparedPer((d: Executor) =>
          d
            .select({ name: categories.name })
            .from(categories)
            .where(eq(categories.name, sql.placeholder('name')))
            .prepare('test_fresh_by_name'),
        );
        await expect(
          db.transaction(async (tx) => {
            expect(await fresh(tx).execute({ name: 'Named' })).toEqual([{ name: 'Named' }]);
            throw new RolledBack();
          }),
        ).rejects.toBeInstanceOf(RolledBack);
        expect(await fresh(db).execute({ name: 'Named' })).toEqual([{ name: 'Named' }]);
      });

      it('from outside waits for an open transaction to end, as a query does', async () => {
        const { db } = handle;
        const order: string[] = [];
        let outside: Promise<unknown> | undefined;
        await db.transaction(async (tx) => {
          await tx.update(categories).set({ name: 'Named (renamed)' }).where(eq(categories.slug, 'named'));
          outside = slugAsNumber(db)
            .execute({ slug: '1' })
            .then(() => categoryBySlug(db).execute({ slug: 'named' }))
            .then((rows) => order.push(`outside saw ${rows[0]?.name}`));
          await new Promise((resolve) => setTimeout(resolve, 30));
          order.push('transaction done');
        });
        await outside;
        expect(order).toEqual(['transaction done', 'outside saw Named (renamed)']);
        await db.update(categories).set({ name: 'Named' }).where(eq(categories.slug, 'named'));
      });

      it('after a restart on the same data directory, is made again: no name is taken for granted', async () => {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trillium-named-'));
        try {
          await migratedDataDir(dataDir);
          let first: DatabaseHandle | undefined = await openDatabase({ kind: 'pglite', thread, dataDir });
          await insertCategory(first.db, { name: 'Kept', slug: 'kept' });
          expect(await categoryBySlug(first.db).execute({ slug: 'kept' })).toEqual([{ name: 'Kept' }]);
          await first.close();
          first = undefined;
          // The server comes back: a new session, with no statement of the old one.
          const second = await openDatabase({ kind: 'pglite', thread, dataDir });
          try {
            const text = categoryBySlug(second.db).getQuery().sql;
            expect(await named(second.db, text)).toEqual([{ n: 0 }]);
            expect(await categoryBySlug(second.db).execute({ slug: 'kept' })).toEqual([{ name: 'Kept' }]);
            expect(await named(second.db, text)).toEqual([{ n: 1 }]);
          } finally {
            await second.close();
          }
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      });
    });
  }
});
