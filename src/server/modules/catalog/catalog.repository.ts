import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Category, Provider, Review } from '../../../shared/contract/catalog';
import { formatCents } from '../../../shared/domain/money';
import { minutesToTime, scheduleSummary } from '../../../shared/domain/schedule';
import type { Executor } from '../../db/client';
import { categories, providerSchedules, providerServices, providers, reviews } from '../../db/schema';

export async function listCategories(db: Executor): Promise<Category[]> {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

const providerColumns = {
  id: providers.id,
  name: providers.name,
  description: providers.description,
  imageUrl: providers.imageUrl,
  isFeatured: providers.isFeatured,
  isVerified: providers.isVerified,
  rating: providers.rating,
  reviewCount: providers.reviewCount,
  city: providers.city,
  citySlug: providers.citySlug,
  province: providers.province,
  location: providers.location,
  categoryId: providers.categoryId,
  priceCents: providers.priceCents,
  priceUnit: providers.priceUnit,
  timeZone: providers.timeZone,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

/** Full provider records for these ids, in the order given; missing or inactive ids are skipped. */
export async function loadProviders(db: Executor, ids: readonly number[]): Promise<Provider[]> {
  if (ids.length === 0) return [];
  const idList = [...ids];
  const [rows, services, schedules] = await Promise.all([
    db
      .select(providerColumns)
      .from(providers)
      .innerJoin(categories, eq(categories.id, providers.categoryId))
      .where(and(inArray(providers.id, idList), eq(providers.isActive, true))),
    db
      .select({
        id: providerServices.id,
        providerId: providerServices.providerId,
        name: providerServices.name,
        priceCents: providerServices.priceCents,
        description: providerServices.description,
        durationMinutes: providerServices.durationMinutes,
      })
      .from(providerServices)
      .where(inArray(providerServices.providerId, idList))
      .orderBy(asc(providerServices.sortOrder), asc(providerServices.id)),
    db
      .select({
        providerId: providerSchedules.providerId,
        weekday: providerSchedules.weekday,
        opensAtMinute: providerSchedules.opensAtMinute,
        closesAtMinute: providerSchedules.closesAtMinute,
      })
      .from(providerSchedules)
      .where(inArray(providerSchedules.providerId, idList))
      .orderBy(asc(providerSchedules.weekday)),
  ]);

  const byId = new Map<number, Provider>();
  for (const row of rows) {
    const ownServices = services.filter((s) => s.providerId === row.id);
    const schedule = schedules
      .filter((s) => s.providerId === row.id)
      .map((s) => ({
        day: s.weekday,
        opensAt: minutesToTime(s.opensAtMinute),
        closesAt: minutesToTime(s.closesAtMinute),
      }));
    byId.set(row.id, {
      id: row.id,
      name: row.name,
      description: row.description,
      imageUrl: row.imageUrl,
      isFeatured: row.isFeatured,
      isVerified: row.isVerified,
      rating: row.rating === null ? null : Number(row.rating),
      reviewCount: row.reviewCount,
      city: row.city,
      citySlug: row.citySlug,
      province: row.province,
      location: row.location,
      categoryId: row.categoryId,
      category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
      price: row.priceCents / 100,
      priceUnit: row.priceUnit,
      servicesOffered: ownServices.map((s) => `${s.name} - ${formatCents(s.priceCents)}`),
      services: ownServices.map((s) => ({
        id: s.id,
        name: s.name,
        price: s.priceCents / 100,
        description: s.description,
        durationMinutes: s.durationMinutes,
      })),
      schedule,
      availabilityText: scheduleSummary(schedule),
      timeZone: row.timeZone,
    });
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

export async function listReviews(db: Executor, providerId: number): Promise<Review[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      bookingId: reviews.bookingId,
      photos: reviews.photos,
      videos: reviews.videos,
      authorName: reviews.authorName,
    })
    .from(reviews)
    .where(eq(reviews.providerId, providerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    bookingId: r.bookingId,
    photos: r.photos,
    videos: r.videos,
    user: { fullName: r.authorName },
  }));
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
  const rows = await db
    .selectDistinct({ name: providerServices.name })
    .from(providerServices)
    .orderBy(asc(providerServices.name))
    .limit(2000);
  return rows.map((r) => r.name);
}
