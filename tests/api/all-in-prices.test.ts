import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProvider } from '../../src/server/db/seed/factories';
import { createTestApp, type TestContext } from '../support/app';

// Issue 20, all-in prices (DECISIONS 21): the catalog answers, sorts and filters by the price with the
// service fee and its HST, the figure every card shows.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const categoryId = await insertCategory(db, { name: 'Pet Grooming', slug: 'pet-grooming' });
  // All-in: $100.00 -> $103.39; $99.99 -> $103.38; $150.00 -> $155.09.
  await insertProvider(db, {
    name: 'Hundred Grooming',
    categoryId,
    services: [
      { name: 'Full Groom', priceCents: 10_000 },
      { name: 'Spa Day', priceCents: 15_000 },
    ],
  });
  await insertProvider(db, {
    name: 'Penny Less Grooming',
    categoryId,
    hstNumber: '123456782RT0001',
    services: [{ name: 'Full Groom', priceCents: 9_999 }],
  });
});
afterAll(() => ctx?.close());

const search = async (query: string) => {
  const res = await ctx.app.inject({ url: `/api/providers?category=pet-grooming&${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { name: string; price: number; allInPrice: number; servicesOffered: string[] }[];
};

describe('all-in prices in the catalog', () => {
  it('answers the starting price and each service with the service fee and its HST', async () => {
    const [first] = await search('sort=price_desc');
    expect(first).toMatchObject({
      name: 'Hundred Grooming',
      price: 100,
      allInPrice: 103.39,
      servicesOffered: ['Full Groom - $103.39', 'Spa Day - $155.09'],
    });
    const res = await ctx.app.inject({ url: `/api/providers?category=pet-grooming&sort=price_asc` });
    const [cheapest] = res.json();
    expect(cheapest).toMatchObject({
      name: 'Penny Less Grooming',
      allInPrice: 103.38,
      hstRegistered: true,
      categoryTaxExempt: false,
    });
    expect(cheapest.services[0]).toMatchObject({ price: 99.99, allInPrice: 103.38 });
  });

  it('filters by the all-in price at the cent', async () => {
    expect((await search('minPrice=103.39')).map((p) => p.name)).toEqual(['Hundred Grooming']);
    expect((await search('minPrice=103.38&sort=price_asc')).map((p) => p.name)).toEqual([
      'Penny Less Grooming',
      'Hundred Grooming',
    ]);
    expect((await search('maxPrice=103.38')).map((p) => p.name)).toEqual(['Penny Less Grooming']);
    expect(await search('maxPrice=103.37')).toEqual([]);
    // $100 would include both by the stored service price; all-in, neither is that cheap.
    expect(await search('maxPrice=100')).toEqual([]);
  });

  it('sorts by the all-in price both ways', async () => {
    expect((await search('sort=price_asc')).map((p) => p.allInPrice)).toEqual([103.38, 103.39]);
    expect((await search('sort=price_desc')).map((p) => p.allInPrice)).toEqual([103.39, 103.38]);
  });
});
