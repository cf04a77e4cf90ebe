import { sql } from 'drizzle-orm';
import { type DeliveryPlace, defaultDeliveryFor } from '../../../shared/domain/delivery';
import { CITIES, HOME_CITIES } from '../../../shared/domain/ontario';
import {
  copySearchListings,
  learnSearchLexemes,
  refreshSearchDocuments,
} from '../../modules/catalog/catalog.search.repository';
import type { Executor } from '../client';
import { categories, providerServices, providers } from '../schema';
import { CATEGORY_SEEDS } from './catalog-data';
import { insertCategory } from './factories';
import { createRandom } from './random';

const PREFIXES = [
  'Maple',
  'Northern',
  'True North',
  'Lakeshore',
  'Evergreen',
  'Summit',
  'Harbour',
  'Cedar',
  'Birch',
  'Trillium',
  'Golden',
  'Riverside',
  'Pinecrest',
  'Bluewater',
  'Heritage',
  'Metro',
  'Prime',
  'Bright',
  'Royal',
  'Village',
  'Oakridge',
  'Willow',
  'Granite',
  'Aurora',
  'Polaris',
  'Beacon',
  'Keystone',
  'Crystal',
  'Silver',
  'Red Maple',
];
const SUFFIXES = [
  'Co.',
  'Pros',
  'Services',
  'Experts',
  'Group',
  'Studio',
  '& Sons',
  'Collective',
  'Partners',
  'Works',
];

export type BulkProgress = (done: number, total: number) => void;

/**
 * Adds `count` generated providers (with services, weekly hours and reviews) for benchmarks.
 * Names, cities and prices are deterministic; most providers are in the eight home-page cities.
 */
export async function seedBulkProviders(db: Executor, count: number, onProgress?: BulkProgress) {
  // The lexemes of a million new vectors are learned, and the rows search reads copied to
  // search_listings, once at the end in one pass each, instead of by the triggers after each statement
  // that writes providers (the refresh's and the ratings' updates would each hand them every row).
  // One transaction: a load that stops half-way (an error, the process killed) rolls back with the
  // triggers' `disable`, instead of leaving providers without the triggers that keep the copy and the
  // lexemes, where every later write would go unseen by search.
  await db.transaction(async (tx) => {
    await setBulkTriggers(tx, 'disable');
    await insertBulkProviders(tx, count, onProgress);
    await learnSearchLexemes(tx);
    await copySearchListings(tx);
    await setBulkTriggers(tx, 'enable');
  });
}

const BULK_TRIGGERS = [
  'providers_learn_search_lexemes_insert',
  'providers_learn_search_lexemes_update',
  'providers_copy_search_listings_insert',
  'providers_copy_search_listings_update',
];

async function setBulkTriggers(db: Executor, change: 'enable' | 'disable') {
  for (const trigger of BULK_TRIGGERS)
    await db.execute(sql.raw(`alter table providers ${change} trigger ${trigger}`));
}

async function insertBulkProviders(db: Executor, count: number, onProgress?: BulkProgress) {
  const random = createRandom(100_000 + count);
  for (const [index, category] of CATEGORY_SEEDS.entries()) {
    await insertCategory(db, {
      name: category.name,
      slug: category.slug,
      sortOrder: index,
      description: category.description,
    });
  }
  const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const categoryIdBySlug = new Map(categoryRows.map((c) => [c.slug, c.id]));

  const batchSize = 1000;
  for (let start = 0; start < count; start += batchSize) {
    const size = Math.min(batchSize, count - start);
    const rows = [];
    const servicePlans: {
      services: {
        name: string;
        priceCents: number;
        description: string;
        durationMinutes: number;
        deliveredAt: DeliveryPlace;
      }[];
    }[] = [];
    for (let i = 0; i < size; i++) {
      const category = random.pick(CATEGORY_SEEDS);
      const city = random.chance(0.8) ? random.pick(HOME_CITIES) : random.pick(CITIES);
      const services = random
        .sample(category.services, random.int(2, Math.min(5, category.services.length)))
        .map((s) => ({
          name: s.name,
          priceCents: Math.max(1, Math.round(s.price * (0.7 + random.next() * 0.6))) * 100,
          description: s.description,
          durationMinutes: s.duration,
          // Where the category's services happen: a cleaner comes to the home, a salon is visited.
          deliveredAt: defaultDeliveryFor(category.slug),
        }));
      const word = category.name.split(' ')[0]!;
      rows.push({
        name: `${random.pick(PREFIXES)} ${word} ${random.pick(SUFFIXES)}`,
        description: random.pick(category.businesses).description,
        categoryId: categoryIdBySlug.get(category.slug)!,
        city: city.label,
        citySlug: city.value,
        province: 'ON',
        location: `${city.label}, ON`,
        priceCents: Math.min(...services.map((s) => s.priceCents)),
        priceUnit: category.priceUnit,
        imageUrl: `/images/providers/${category.slug}-${random.int(1, 2)}.svg`,
        isFeatured: random.chance(0.02),
        isVerified: random.chance(0.6),
      });
      servicePlans.push({ services });
    }
    const inserted = await db.insert(providers).values(rows).returning({ id: providers.id });
    const serviceRows = inserted.flatMap((p, i) =>
      servicePlans[i]!.services.map((s, order) => ({ providerId: p.id, sortOrder: order, ...s })),
    );
    await db.insert(providerServices).values(serviceRows);
    onProgress?.(start + size, count);
  }

  // Weekly hours: Monday to Saturday 8 to 6 for most, some open Sundays, generated in one statement.
  await db.execute(sql`
    insert into provider_schedules (provider_id, weekday, opens_at_minute, closes_at_minute)
    select p.id, d, 480, 1080 from providers p cross join generate_series(1, 6) as d
    where not exists (select 1 from provider_schedules s where s.provider_id = p.id)
    union all
    select p.id, 0, 600, 960 from providers p
    where p.id % 7 = 0 and not exists (select 1 from provider_schedules s where s.provider_id = p.id)
  `);

  // Reviews, generated in SQL with the rating trigger paused, then the aggregates computed once.
  await db.execute(sql`alter table reviews disable trigger reviews_refresh_provider_rating`);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into reviews (provider_id, author_name, rating, comment, created_at)
    select p.id, 'Trillium Customer', 3 + floor(random() * 3)::int, 'Great service, would book again.',
      now() - (random() * interval '300 days')
    from providers p cross join lateral generate_series(1, (p.id % 4)) as g
    where p.review_count = 0
  `);
  await db.execute(sql`alter table reviews enable trigger reviews_refresh_provider_rating`);
  await db.execute(sql`
    update providers p set rating = agg.rating, review_count = agg.n
    from (select provider_id, round(avg(rating)::numeric, 1) as rating, count(*)::int as n from reviews group by provider_id) agg
    where agg.provider_id = p.id
  `);
  await refreshSearchDocuments(db);
}
