import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { type DatabaseHandle, type Executor, preparedPer } from './client';
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
