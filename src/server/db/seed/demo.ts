import { count } from 'drizzle-orm';
import { HOME_CITIES } from '../../../shared/domain/ontario';
import { TAX_EXEMPT_CATEGORY_SLUGS } from '../../../shared/domain/hst';
import { type Env, loadEnv } from '../../env';
import { createLocalStorage, type FileStorage, uploadsFolder } from '../../modules/applications/storage';
import { backfillLedger } from '../../modules/earnings/earnings.usecases';
import type { Database, Executor } from '../client';
import { providers } from '../schema';
import { CATEGORY_SEEDS, NEIGHBOURHOODS, REVIEW_COMMENTS, REVIEWER_NAMES } from './catalog-data';
import { type PartnerListing, seedDemoApplications, writeDemoDocuments } from './demo-applications';
import { type DemoReview, insertDemoReviews, referenceFrom, seedCustomerBookings } from './demo-bookings';
import { seedContent } from './demo-content';
import { seedReviewExtras } from './demo-reviews';
import { findUserIdByEmail, insertCategory, insertProvider, insertUser } from './factories';
import { createRandom, type Random } from './random';

export const DEMO_PASSWORD = 'Trillium!2026';
export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', fullName: 'Alex Admin', role: 'admin' as const, daysAgo: 450 },
  // Signed up the day before applying (demo-applications.ts).
  { email: 'partner@example.com', fullName: 'Megan Leblanc', role: 'partner' as const, daysAgo: 401 },
  {
    email: 'customer@example.com',
    fullName: 'Chris Customer',
    role: 'user' as const,
    daysAgo: 60,
    // A saved address: checkout for a home service starts filled in.
    street: '120 Queen St W',
    unit: '4',
    postalCode: 'M5H 2N2',
  },
];
const DEMO_PHONE = '416-555-0100';
const DAY_MS = 86_400_000;

async function ensureDemoUsers(db: Executor, now: Date): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const { daysAgo, ...account } of DEMO_ACCOUNTS) {
    ids[account.email] =
      (await findUserIdByEmail(db, account.email)) ??
      (await insertUser(db, {
        ...account,
        createdAt: new Date(now.getTime() - daysAgo * DAY_MS),
        emailVerifiedAt: new Date(now.getTime() - daysAgo * DAY_MS + 600_000),
        password: DEMO_PASSWORD,
        phone: DEMO_PHONE,
        city: 'Toronto',
        province: 'ON',
      }));
  }
  return ids;
}

function ratingFor(random: Random, quality: number): 1 | 2 | 3 | 4 | 5 {
  const roll = random.next() + quality;
  if (roll > 1.05) return 5;
  if (roll > 0.7) return 4;
  if (roll > 0.45) return 3;
  if (roll > 0.3) return 2;
  return 1;
}

/** A comment this provider has not shown yet, when one is left. */
function pickFresh(random: Random, comments: readonly string[], used: Set<string>): string {
  const fresh = comments.filter((c) => !used.has(c));
  const comment = random.pick(fresh.length > 0 ? fresh : comments);
  used.add(comment);
  return comment;
}

/** Where the server keeps uploads when nothing else is said: DATA_DIR/uploads, as the routes do. */
function defaultStorage(): FileStorage {
  return createLocalStorage(uploadsFolder(loadEnv({ DATA_DIR: process.env.DATA_DIR }).DATA_DIR));
}

/**
 * Fills an empty database with the demo catalogue, accounts, reviews, bookings, promotions,
 * announcements and professional applications (whose documents go to `storage`, by default the
 * uploads folder of DATA_DIR). Running it again changes nothing.
 */
export async function seedDemo(
  db: Database,
  { now = new Date(), storage, env }: { now?: Date; storage?: FileStorage; env?: Env } = {},
) {
  const random = createRandom(20_261_122);
  const categoryIds = new Map<string, number>();
  for (const [index, category] of CATEGORY_SEEDS.entries()) {
    categoryIds.set(
      category.slug,
      await insertCategory(db, {
        name: category.name,
        slug: category.slug,
        sortOrder: index,
        description: category.description,
      }),
    );
  }
  const userIds = await ensureDemoUsers(db, now);

  const [{ value: providerCount } = { value: 0 }] = await db.select({ value: count() }).from(providers);
  if (providerCount > 0) return { created: false };
  // The applications' files first: when they cannot be stored, nothing is half seeded.
  const documentFiles = await writeDemoDocuments(storage ?? defaultStorage());

  const providerIds: number[] = [];
  // The reviews, written after the catalogue in two statements with the bookings they are of.
  const pastReviews: DemoReview[] = [];
  let partnerListing: PartnerListing | undefined;
  const rounds = 4;
  for (let round = 0; round < rounds; round++) {
    for (const [categoryIndex, category] of CATEGORY_SEEDS.entries()) {
      const business = category.businesses[round]!;
      const city = HOME_CITIES[(categoryIndex + round) % HOME_CITIES.length]!;
      const neighbourhood = random.pick(NEIGHBOURHOODS[city.value] ?? [city.label]);
      const services = random.sample(category.services, random.int(3, category.services.length)).map((s) => ({
        name: s.name,
        // Each business prices a little differently, in whole dollars.
        priceCents: Math.max(0, Math.round(s.price * (0.85 + random.next() * 0.3))) * 100,
        description: s.description,
        durationMinutes: s.duration,
      }));
      const ownedByPartner = round === 0 && category.slug === 'home-cleaning';
      const id = await insertProvider(db, {
        name: business.name,
        description: business.description,
        categoryId: categoryIds.get(category.slug)!,
        city: city.value,
        location: `${neighbourhood}, ${city.label}`,
        priceUnit: category.priceUnit,
        imageUrl:
          round === 3 && categoryIndex % 7 === 3
            ? null
            : `/images/providers/${category.slug}-${(round % 2) + 1}.svg`,
        isFeatured: round === 0 || (round === 1 && categoryIndex % 3 === 0),
        isVerified: round < 2 || random.chance(0.5),
        ownerUserId: ownedByPartner ? userIds['partner@example.com']! : null,
        serviceLanguages: business.serviceLanguages,
        services,
        // Some businesses keep other hours than the default Monday to Saturday, 8 to 6.
        schedule:
          category.slug === 'lunch-delivery'
            ? [1, 2, 3, 4, 5].map((day) => ({ day, opensAt: '10:00', closesAt: '14:00' }))
            : category.slug === 'astrology' || category.slug === 'baby-sitting'
              ? [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opensAt: '12:00', closesAt: '21:00' }))
              : undefined,
      });
      providerIds.push(id);
      if (ownedByPartner) {
        const partner = DEMO_ACCOUNTS.find((a) => a.role === 'partner')!;
        partnerListing = {
          userId: userIds[partner.email]!,
          fullName: partner.fullName,
          email: partner.email,
          phone: DEMO_PHONE,
          providerId: id,
          categoryId: categoryIds.get(category.slug)!,
          name: business.name,
          description: business.description,
          city: city.value,
          services,
        };
      }

      // Reviews: most businesses have several; a few are new and have none yet.
      const reviewCount = round === 3 && categoryIndex % 5 === 0 ? 0 : random.int(2, 6);
      const quality = random.next() * 0.5 + 0.35;
      const authors = random.sample(REVIEWER_NAMES, reviewCount);
      const usedComments = new Set<string>();
      for (const authorName of authors) {
        const rating = ratingFor(random, quality);
        const createdAt = new Date(
          now.getTime() - random.int(3, 330) * DAY_MS - random.int(0, 86_000) * 1000,
        );
        const service = random.pick(services);
        const booking = random.chance(0.4)
          ? {
              reference: referenceFrom(random),
              city: city.value,
              categoryTaxExempt: TAX_EXEMPT_CATEGORY_SLUGS.includes(category.slug),
              serviceName: service.name,
            }
          : null;
        pastReviews.push({
          providerId: id,
          rating,
          comment: pickFresh(random, REVIEW_COMMENTS[rating], usedComments),
          authorName,
          createdAt,
          booking,
        });
      }
    }
  }

  // The reviewers' addresses and phones come from a source of their own, so the catalogue draws what it
  // always drew.
  await insertDemoReviews(db, createRandom(20_261_207), pastReviews);
  await seedCustomerBookings(db, {
    now,
    env: env ?? loadEnv({ DATA_DIR: process.env.DATA_DIR }),
    customerId: userIds['customer@example.com']!,
    providerIds,
  });
  await seedReviewExtras(db, {
    now,
    partnerUserId: userIds['partner@example.com']!,
    customerUserId: userIds['customer@example.com']!,
  });
  await seedContent(db, now);
  await seedDemoApplications(db, {
    now,
    password: DEMO_PASSWORD,
    files: documentFiles,
    partner: partnerListing!,
    adminUserId: userIds['admin@example.com']!,
  });
  // The demo's paid bookings in the earnings ledger, so the partner's balances add up (decision 014).
  await backfillLedger(db, now);
  return { created: true };
}
