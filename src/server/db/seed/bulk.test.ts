import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDeliveryFor } from '../../../shared/domain/delivery';
import { openTestDatabase } from '../../../../tests/support/database';
import type { DatabaseHandle } from '../client';
import { categories, providerServices, providers } from '../schema';
import { seedBulkProviders } from './bulk';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedBulkProviders(database.db, 60);
});
afterAll(() => database?.close());

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
});
