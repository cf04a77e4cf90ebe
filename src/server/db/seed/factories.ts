import { eq } from 'drizzle-orm';
import { cityLabel, citySlug } from '../../../shared/domain/ontario';
import { type DeliveryPlace, defaultDeliveryFor } from '../../../shared/domain/delivery';
import { TAX_EXEMPT_CATEGORY_SLUGS } from '../../../shared/domain/hst';
import type { ServiceLanguage } from '../../../shared/domain/service-languages';
import { DEFAULT_SCHEDULE, type ScheduleDay, timeToMinutes } from '../../../shared/domain/schedule';
import { refreshSearchDocuments } from '../../modules/catalog/catalog.search.repository';
import { hashPassword } from '../../modules/auth/password-hash';
import type { Executor } from '../client';
import {
  categories,
  providerSchedules,
  providerServices,
  providers,
  reviews,
  users,
  type UserRole,
} from '../schema';

/** Factories shared by the demo seed and the tests: each writes one realistic record and its parts. */

export async function insertCategory(
  db: Executor,
  input: { name: string; slug: string; sortOrder?: number; description?: string; taxExempt?: boolean },
) {
  const [row] = await db
    .insert(categories)
    .values({
      name: input.name,
      slug: input.slug,
      sortOrder: input.sortOrder ?? 0,
      description: input.description ?? null,
      imageUrl: `/images/categories/${input.slug}.svg`,
      defaultDeliveredAt: defaultDeliveryFor(input.slug),
      taxExempt: input.taxExempt ?? TAX_EXEMPT_CATEGORY_SLUGS.includes(input.slug),
    })
    .onConflictDoUpdate({
      target: categories.slug,
      set: { name: input.name, sortOrder: input.sortOrder ?? 0 },
    })
    .returning({ id: categories.id });
  return row!.id;
}

export type ProviderInput = {
  name: string;
  description?: string;
  categoryId: number;
  city?: string;
  province?: string;
  location?: string;
  priceCents?: number;
  priceUnit?: string;
  imageUrl?: string | null;
  isFeatured?: boolean;
  isVerified?: boolean;
  ownerUserId?: number | null;
  services?: {
    name: string;
    priceCents: number;
    description?: string | null;
    durationMinutes?: number | null;
    /** Where it happens; the category's default otherwise. */
    deliveredAt?: DeliveryPlace;
  }[];
  streetAddress?: string | null;
  schedule?: ScheduleDay[];
  /** The partner's HST registration number (`123456782RT0001`). */
  hstNumber?: string | null;
  /** The languages the provider serves in; English only by default. */
  serviceLanguages?: ServiceLanguage[];
};

export async function insertProvider(db: Executor, input: ProviderInput): Promise<number> {
  const city = cityLabel(input.city ?? 'toronto');
  const services = input.services ?? [];
  const lowest = services.length > 0 ? Math.min(...services.map((s) => s.priceCents)) : undefined;
  const [row] = await db
    .insert(providers)
    .values({
      name: input.name,
      description: input.description ?? `${input.name} serves customers across Ontario.`,
      categoryId: input.categoryId,
      city,
      citySlug: citySlug(city),
      province: input.province ?? 'ON',
      location: input.location ?? `${city}, ON`,
      streetAddress: input.streetAddress ?? null,
      hstNumber: input.hstNumber ?? null,
      priceCents: input.priceCents ?? lowest ?? 4000,
      priceUnit: input.priceUnit ?? '',
      imageUrl: input.imageUrl === undefined ? null : input.imageUrl,
      isFeatured: input.isFeatured ?? false,
      isVerified: input.isVerified ?? false,
      ownerUserId: input.ownerUserId ?? null,
      serviceLanguages: input.serviceLanguages ?? ['en'],
    })
    .returning({ id: providers.id });
  const id = row!.id;
  if (services.length > 0) {
    const [category] = await db
      .select({ deliveredAt: categories.defaultDeliveredAt })
      .from(categories)
      .where(eq(categories.id, input.categoryId));
    await db.insert(providerServices).values(
      services.map((s, index) => ({
        providerId: id,
        name: s.name,
        priceCents: s.priceCents,
        description: s.description ?? null,
        durationMinutes: s.durationMinutes ?? null,
        deliveredAt: s.deliveredAt ?? category?.deliveredAt ?? 'provider',
        sortOrder: index,
      })),
    );
  }
  const schedule = input.schedule ?? DEFAULT_SCHEDULE;
  if (schedule.length > 0) {
    await db.insert(providerSchedules).values(
      schedule.map((d) => ({
        providerId: id,
        weekday: d.day,
        opensAtMinute: timeToMinutes(d.opensAt),
        closesAtMinute: timeToMinutes(d.closesAt),
      })),
    );
  }
  await refreshSearchDocuments(db, [id]);
  return id;
}

export async function insertReview(
  db: Executor,
  input: {
    providerId: number;
    rating: number;
    comment: string;
    authorName: string;
    userId?: number | null;
    bookingId?: number | null;
    createdAt?: Date;
    photos?: string[];
  },
) {
  const [row] = await db
    .insert(reviews)
    .values({
      providerId: input.providerId,
      rating: input.rating,
      comment: input.comment,
      authorName: input.authorName,
      userId: input.userId ?? null,
      bookingId: input.bookingId ?? null,
      createdAt: input.createdAt ?? new Date(),
      photos: input.photos ?? [],
    })
    .returning({ id: reviews.id });
  return row!.id;
}

export async function insertUser(
  db: Executor,
  input: {
    email: string;
    fullName: string;
    role?: UserRole;
    username?: string;
    phone?: string | null;
    city?: string | null;
    province?: string | null;
    street?: string | null;
    unit?: string | null;
    postalCode?: string | null;
    /** When the e-mail was verified; verified at once unless given (null: not verified). */
    emailVerifiedAt?: Date | null;
    createdAt?: Date;
  } & ({ password: string; passwordHash?: never } | { passwordHash: string; password?: never }),
) {
  const username =
    input.username ??
    input.email
      .split('@')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '');
  const [row] = await db
    .insert(users)
    .values({
      email: input.email,
      street: input.street ?? null,
      unit: input.unit ?? null,
      postalCode: input.postalCode ?? null,
      username,
      fullName: input.fullName,
      role: input.role ?? 'user',
      passwordHash: input.passwordHash ?? (await hashPassword(input.password!)),
      phone: input.phone ?? null,
      city: input.city ?? null,
      province: input.province ?? null,
      emailVerifiedAt: input.emailVerifiedAt === undefined ? new Date() : input.emailVerifiedAt,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning({ id: users.id });
  return row!.id;
}

export async function findUserIdByEmail(db: Executor, email: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}
