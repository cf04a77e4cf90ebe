import { inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { announcements, categories, promotions } from '../schema';

const DAY_MS = 86_400_000;

/** The demo's promotions and announcements, dated around `now`. */
export async function seedContent(db: Executor, now: Date) {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS);
  // Promo codes limited to categories name them by id (docs/product.md §7).
  const slugs = [
    'home-cleaning',
    'car-detailing',
    'pet-grooming',
    'tax-filing',
    'tax-services',
    'health-wellness',
  ];
  const found = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, slugs));
  const ids = (...wanted: string[]) => found.filter((c) => wanted.includes(c.slug)).map((c) => c.id);
  await db.insert(promotions).values([
    {
      title: 'Spring Cleaning Special',
      description: 'Save 20% on any deep cleaning or move-out cleaning booked this month.',
      imageUrl: '/images/promotions/spring-cleaning.svg',
      linkUrl: '/services/home-cleaning',
      code: 'FRESH20',
      discountType: 'percent',
      discountValue: 20,
      categoryIds: ids('home-cleaning'),
      startDate: day(-10),
      endDate: day(25),
    },
    {
      title: 'Your First Booking, $15 Off',
      description: 'New to Trillium? Take $15 off your first booking of $75 or more, any category.',
      imageUrl: '/images/promotions/first-booking.svg',
      linkUrl: '/services',
      code: 'WELCOME15',
      discountType: 'fixed',
      discountValue: 1500,
      minSpendCents: 7500,
      maxUsesPerCustomer: 1,
      startDate: day(-60),
      endDate: day(120),
    },
    {
      title: 'Winter Car Care',
      description: 'Salt removal and interior detail packages at 15% off while the snow lasts.',
      imageUrl: '/images/promotions/car-care.svg',
      linkUrl: '/services/car-detailing',
      code: 'SALTFREE',
      discountType: 'percent',
      discountValue: 15,
      categoryIds: ids('car-detailing'),
      startDate: day(-5),
      endDate: day(45),
    },
    {
      title: 'Pet Pampering Week',
      description: '$10 off any grooming booked this week: the nail trim is on us.',
      imageUrl: '/images/promotions/pet-pampering.svg',
      linkUrl: '/services/pet-grooming',
      code: 'PAWS',
      discountType: 'fixed',
      discountValue: 1000,
      categoryIds: ids('pet-grooming'),
      startDate: day(-2),
      endDate: day(5),
    },
    {
      title: 'Tax Season Early Bird',
      description: 'File early and save 10% on personal and family returns.',
      imageUrl: '/images/promotions/tax-season.svg',
      linkUrl: '/services/tax-filing',
      code: 'EARLYBIRD',
      discountType: 'percent',
      discountValue: 10,
      categoryIds: ids('tax-filing', 'tax-services'),
      startDate: day(-200),
      endDate: day(-100),
    },
    {
      title: 'Wellness Week',
      description: '10% off massage therapy and yoga sessions.',
      imageUrl: '/images/promotions/wellness-week.svg',
      linkUrl: '/services/health-wellness',
      code: 'RELAX10',
      discountType: 'percent',
      discountValue: 10,
      categoryIds: ids('health-wellness'),
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
