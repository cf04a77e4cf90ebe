import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDeliveryFor } from '../../../shared/domain/delivery';
import { openTestDatabase } from '../../../../tests/support/database';
import { type DatabaseHandle, queryRows } from '../client';
import { categories, providerServices, providers } from '../schema';
import { LISTING_DIFFERS } from '../../../../tests/support/search-listings';
import { seedBulkProviders } from './bulk';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedBulkProviders(database.db, 60);
});
afterAll(() => database?.close());

/** Both triggers of a pair (`<prefix>_insert`, `<prefix>_update`) exist and are enabled ('O') again. */
async function expectTriggersOn(prefix: string) {
  const triggers = await queryRows<{ tgname: string; tgenabled: string }>(
    database.db,
    sql`select tgname, tgenabled from pg_trigger where tgname like ${`${prefix}%`} order by tgname`,
  );
  expect(triggers).toEqual([
    { tgname: `${prefix}_insert`, tgenabled: 'O' },
    { tgname: `${prefix}_update`, tgenabled: 'O' },
  ]);
}

describe('the bulk seed (benchmarks)', () => {
  it("delivers each generated service where its category's services happen", async () => {
    const rows = await database.db
      .select({ slug: categories.slug, deliveredAt: providerServices.deliveredAt })
      .from(providerServices)
      .innerJoin(providers, eq(providers.id, providerServices.providerId))
      .innerJoin(categories, eq(categories.id, providers.categoryId));
    expect(rows.length).toBeGreaterThan(60);
    for (const row of rows)
      expect([row.slug, row.deliveredAt]).toEqual([row.slug, defaultDeliveryFor(row.slug)]);
    // Both kinds are there: home cleaners come to the home, salons are visited.
    expect(new Set(rows.map((r) => r.deliveredAt))).toEqual(new Set(['customer', 'provider']));
  });

  it('learns every lexeme of the vectors it wrote, and leaves the learning triggers on', async () => {
    const { db } = database;
    const [missing] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
        select distinct unnest(tsvector_to_array(search_vector)) as l from providers
      ) x where not exists (select 1 from search_lexemes s where s.lexeme = x.l)`,
    );
    expect(missing?.n).toBe(0);
    const [learned] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from search_lexemes`);
    expect(learned?.n).toBeGreaterThan(50);
    await expectTriggersOn('providers_learn_search_lexemes');
  });

  it('copies what a search reads of every provider to search_listings, and leaves the copying triggers on', async () => {
    const { db } = database;
    const [differ] = await queryRows<{ n: number; listings: number }>(
      db,
      sql`select count(*) filter (where s.id is null or p.id is null or ${LISTING_DIFFERS})::int as n,
            count(s.id)::int as listings
          from providers p full join search_listings s on s.id = p.id`,
    );
    expect(differ).toEqual({ n: 0, listings: expect.any(Number) });
    expect(differ?.listings).toBeGreaterThanOrEqual(60);
    await expectTriggersOn('providers_copy_search_listings');
  });

  it('writes nothing and leaves every trigger on when a load stops half-way', async () => {
    const { db } = database;
    const count = async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from providers`))[0]?.n;
    const before = await count();
    await expect(
      seedBulkProviders(db, 2_500, (done) => {
        if (done >= 1_000) throw new Error('stopped half-way');
      }),
    ).rejects.toThrow('stopped half-way');
    expect(await count()).toBe(before);
    await expectTriggersOn('providers_learn_search_lexemes');
    await expectTriggersOn('providers_copy_search_listings');
    const [reviews] = await queryRows<{ tgenabled: string }>(
      db,
      sql`select tgenabled from pg_trigger where tgname = 'reviews_refresh_provider_rating'`,
    );
    expect(reviews?.tgenabled).toBe('O');
  });
});
