import { and, asc, eq, sql } from 'drizzle-orm';
import type { Category, Provider } from '../../../shared/contract/catalog';
import { type Executor, jsonValue, queryRows } from '../../db/client';
import { categories, providerServices, providers } from '../../db/schema';
import { type ProviderRecord, providerJson, toProvider } from './catalog.records.repository';

export async function listCategories(db: Executor): Promise<Category[]> {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** Full provider records for these ids, in the order given; missing or inactive ids are skipped. */
export async function loadProviders(db: Executor, ids: readonly number[]): Promise<Provider[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ record: ProviderRecord | string }>(
    db,
    sql`select ${providerJson} as record from providers p join categories c on c.id = p.category_id
        where p.is_active and p.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const byId = new Map<number, Provider>();
  for (const row of rows) {
    const record = jsonValue(row.record);
    byId.set(record.id, toProvider(record));
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findCategoryIdBySlug(db: Executor, slug: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  return row?.id;
}

export async function providerExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.id, id), eq(providers.isActive, true)))
    .limit(1);
  return row !== undefined;
}

export async function listServiceNames(db: Executor): Promise<string[]> {
  // Only what a search can find: the services of published listings.
  const rows = await db
    .selectDistinct({ name: providerServices.name })
    .from(providerServices)
    .innerJoin(providers, and(eq(providers.id, providerServices.providerId), eq(providers.isActive, true)))
    .orderBy(asc(providerServices.name))
    .limit(2000);
  return rows.map((r) => r.name);
}

/**
 * Makes writers of one provider's row take turns until the transaction ends (a listing's saves, payout
 * decisions). `NO KEY UPDATE`, never `UPDATE`: the latter also waits for every row that merely points at
 * the provider (a ledger line, a booking, a review being written), and a transaction holding one of those
 * while waiting for something this one holds deadlocked (docs/decisions/008, "The rating lock and the
 * foreign key").
 */
export async function lockProviderRow(db: Executor, providerId: number) {
  await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.id, providerId))
    .for('no key update');
}
