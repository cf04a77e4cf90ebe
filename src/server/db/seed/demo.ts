import { count } from 'drizzle-orm';
import { HOME_CITIES } from '../../../shared/domain/ontario';
import { priceWithFee } from '../../../shared/domain/money';
import { makeReference } from '../../../shared/domain/reference';
import { addDaysToDate, torontoDate, torontoInstant, weekdayOf } from '../../../shared/domain/time';
import { loadEnv } from '../../env';
import { createLocalStorage, type FileStorage, uploadsFolder } from '../../modules/applications/storage';
import type { Executor } from '../client';
import { announcements, bookings, payments, promotions, providers } from '../schema';
import { CATEGORY_SEEDS, NEIGHBOURHOODS, REVIEW_COMMENTS, REVIEWER_NAMES } from './catalog-data';
import { type PartnerListing, seedDemoApplications, writeDemoDocuments } from './demo-applications';
import { findUserIdByEmail, insertCategory, insertProvider, insertReview, insertUser } from './factories';
import { createRandom, type Random } from './random';

export const DEMO_PASSWORD = 'Trillium!2026';
export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', fullName: 'Alex Admin', role: 'admin' as const },
  { email: 'partner@example.com', fullName: 'Megan Leblanc', role: 'partner' as const },
  {
    email: 'customer@example.com',
    fullName: 'Chris Customer',
    role: 'user' as const,
    // A saved address: checkout for a home service starts filled in.
    street: '120 Queen St W',
    unit: '4',
    postalCode: 'M5H 2N2',
  },
];
const DEMO_PHONE = '416-555-0100';
const DAY_MS = 86_400_000;

async function ensureDemoUsers(db: Executor): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const account of DEMO_ACCOUNTS) {
    ids[account.email] =
      (await findUserIdByEmail(db, account.email)) ??
      (await insertUser(db, {
        ...account,
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

function referenceFrom(random: Random) {
  return makeReference((n) => Array.from({ length: n }, () => random.int(0, 1000)));
}

/** The next day from `from` (Toronto) that is not a Sunday, `days` days ahead at least. */
function openDayAfter(now: Date, days: number): string {
  let date = addDaysToDate(torontoDate(now), days);
  while (weekdayOf(date) === 0) date = addDaysToDate(date, 1);
  return date;
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
  db: Executor,
  { now = new Date(), storage }: { now?: Date; storage?: FileStorage } = {},
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
  const userIds = await ensureDemoUsers(db);

  const [{ value: providerCount } = { value: 0 }] = await db.select({ value: count() }).from(providers);
  if (providerCount > 0) return { created: false };
  // The applications' files first: when they cannot be stored, nothing is half seeded.
  const documentFiles = await writeDemoDocuments(storage ?? defaultStorage());

  const providerIds: number[] = [];
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
        let bookingId: number | null = null;
        const service = random.pick(services);
        if (random.chance(0.4)) {
          const amounts = priceWithFee(service.priceCents);
          const serviceDate = torontoInstant(
            torontoDate(new Date(createdAt.getTime() - 2 * DAY_MS)),
            10 * 60,
          );
          const [booking] = await db
            .insert(bookings)
            .values({
              reference: referenceFrom(random),
              providerId: id,
              serviceTitle: service.name,
              serviceDate,
              durationMinutes: service.durationMinutes,
              endsAt: new Date(serviceDate.getTime() + service.durationMinutes * 60_000),
              customerName: authorName,
              customerEmail: `${authorName
                .toLowerCase()
                .normalize('NFKD')
                .replace(/[^a-z ]/g, '')
                .replace(/ +/g, '.')}@example.com`,
              priceCents: amounts.priceCents,
              feeCents: amounts.feeCents,
              totalCents: amounts.totalCents,
              status: 'completed',
              paymentStatus: 'confirmed',
              confirmedAt: new Date(serviceDate.getTime() - 5 * DAY_MS),
              completedAt: new Date(serviceDate.getTime() + 2 * 3_600_000),
              createdAt: new Date(serviceDate.getTime() - 6 * DAY_MS),
            })
            .returning({ id: bookings.id });
          bookingId = booking!.id;
        }
        await insertReview(db, {
          providerId: id,
          rating,
          comment: pickFresh(random, REVIEW_COMMENTS[rating], usedComments),
          authorName,
          bookingId,
          createdAt,
        });
      }
    }
  }

  await seedCustomerBookings(db, random, now, userIds['customer@example.com']!, providerIds);
  await seedContent(db, now);
  await seedDemoApplications(db, {
    now,
    password: DEMO_PASSWORD,
    files: documentFiles,
    partner: partnerListing!,
  });
  return { created: true };
}

async function seedCustomerBookings(
  db: Executor,
  random: Random,
  now: Date,
  customerId: number,
  providerIds: number[],
) {
  const plan = [
    {
      provider: providerIds[0]!,
      date: addDaysToDate(torontoDate(now), -40),
      status: 'completed' as const,
      title: 'Deep Cleaning',
    },
    {
      provider: providerIds[1]!,
      date: addDaysToDate(torontoDate(now), -12),
      status: 'completed' as const,
      title: 'Full Detail Package',
    },
    {
      provider: providerIds[0]!,
      date: openDayAfter(now, 3),
      status: 'confirmed' as const,
      title: 'Standard Home Cleaning',
    },
    {
      provider: providerIds[2]!,
      date: openDayAfter(now, 6),
      status: 'confirmed' as const,
      title: 'Hair Styling & Cut',
    },
    {
      provider: providerIds[3]!,
      date: openDayAfter(now, 9),
      status: 'cancelled' as const,
      title: 'Bath & Brush',
    },
  ];
  for (const [index, item] of plan.entries()) {
    const priceCents = random.int(60, 220) * 100;
    const amounts = priceWithFee(priceCents);
    const serviceDate = torontoInstant(item.date, (10 + index) * 60);
    const paid = item.status !== 'cancelled';
    const intentId = `pi_demo_${index + 1}`;
    const [booking] = await db
      .insert(bookings)
      .values({
        reference: referenceFrom(random),
        customerId,
        providerId: item.provider,
        serviceTitle: item.title,
        serviceDate,
        endsAt: new Date(serviceDate.getTime() + 60 * 60_000),
        customerName: 'Chris Customer',
        customerEmail: 'customer@example.com',
        customerPhone: '416-555-0100',
        notes: 'Please ring the side door.',
        location: '120 Queen St W, Toronto',
        priceCents: amounts.priceCents,
        feeCents: amounts.feeCents,
        totalCents: amounts.totalCents,
        status: item.status,
        paymentStatus: paid ? 'confirmed' : 'refunded',
        paymentIntentId: intentId,
        confirmedAt: new Date(now.getTime() - (20 - index) * DAY_MS),
        completedAt: item.status === 'completed' ? new Date(serviceDate.getTime() + 3_600_000) : null,
        cancelledAt: item.status === 'cancelled' ? new Date(now.getTime() - DAY_MS) : null,
        createdAt: new Date(Math.min(now.getTime(), serviceDate.getTime()) - (25 - index) * DAY_MS),
      })
      .returning({ id: bookings.id });
    await db.insert(payments).values({
      bookingId: booking!.id,
      processor: 'sandbox',
      intentId,
      amountCents: amounts.totalCents,
      status: 'succeeded',
      paymentMethodId: 'pm_demo_visa',
      refundedCents: paid ? 0 : amounts.totalCents,
    });
  }
}

async function seedContent(db: Executor, now: Date) {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS);
  await db.insert(promotions).values([
    {
      title: 'Spring Cleaning Special',
      description: 'Save 20% on any deep cleaning or move-out cleaning booked this month.',
      imageUrl: '/images/promotions/spring-cleaning.svg',
      linkUrl: '/services/home-cleaning',
      code: 'FRESH20',
      startDate: day(-10),
      endDate: day(25),
    },
    {
      title: 'Your First Booking, $15 Off',
      description: 'New to Trillium? Take $15 off your first booking of $75 or more, any category.',
      imageUrl: '/images/promotions/first-booking.svg',
      linkUrl: '/services',
      code: 'WELCOME15',
      startDate: day(-60),
      endDate: day(120),
    },
    {
      title: 'Winter Car Care',
      description: 'Salt removal and interior detail packages at 15% off while the snow lasts.',
      imageUrl: '/images/promotions/car-care.svg',
      linkUrl: '/services/car-detailing',
      code: 'SALTFREE',
      startDate: day(-5),
      endDate: day(45),
    },
    {
      title: 'Pet Pampering Week',
      description: 'A free nail trim with every full groom booked this week.',
      imageUrl: '/images/promotions/pet-pampering.svg',
      linkUrl: '/services/pet-grooming',
      code: 'PAWS',
      startDate: day(-2),
      endDate: day(5),
    },
    {
      title: 'Tax Season Early Bird',
      description: 'File early and save 10% on personal and family returns.',
      imageUrl: '/images/promotions/tax-season.svg',
      linkUrl: '/services/tax-filing',
      code: 'EARLYBIRD',
      startDate: day(-200),
      endDate: day(-100),
    },
    {
      title: 'Wellness Week',
      description: '10% off massage therapy and yoga sessions.',
      imageUrl: '/images/promotions/wellness-week.svg',
      linkUrl: '/services/health-wellness',
      code: 'RELAX10',
      startDate: day(-30),
      endDate: day(-3),
    },
    {
      title: 'Summer Catering Preview',
      description: 'Book summer event catering early and get a free tasting.',
      imageUrl: null,
      linkUrl: '/services/catering',
      code: null,
      startDate: day(30),
      endDate: day(90),
    },
  ]);
  await db.insert(announcements).values([
    {
      title: 'Card payments are here',
      content:
        'You can now pay for every booking by Visa, Mastercard or American Express right in the app. Your booking is confirmed the moment your payment goes through.',
      type: 'update',
      publishedAt: day(-2),
      readMoreUrl: '/how-it-works',
    },
    {
      title: 'Scheduled maintenance on Sunday night',
      content:
        'Trillium will be unavailable for up to 30 minutes on Sunday between 2:00 AM and 3:00 AM ET while we upgrade our servers. Existing bookings are not affected.',
      type: 'important',
      publishedAt: day(-5),
      readMoreUrl: null,
    },
    {
      title: 'Now serving Ottawa and Hamilton',
      content: 'Professionals in Ottawa and Hamilton have joined Trillium. Search by city to find them.',
      type: 'info',
      publishedAt: day(-14),
      readMoreUrl: '/services',
    },
    {
      title: 'Verified badges explained',
      content:
        'A Verified badge means our team has checked the business documents and licences the professional submitted with their application.',
      type: 'info',
      publishedAt: day(-30),
      readMoreUrl: '/how-it-works',
    },
    {
      title: 'Holiday hours for support',
      content:
        'Our support team is available 24/7 through the holidays. Reach us from Help & Support in your account.',
      type: 'update',
      publishedAt: day(-45),
      readMoreUrl: null,
    },
  ]);
}
