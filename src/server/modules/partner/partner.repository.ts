import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PartnerListing } from '../../../shared/contract/partner';
import { normalizeServiceLanguages, type ServiceLanguage } from '../../../shared/domain/service-languages';
import type { DeliveryPlace } from '../../../shared/domain/delivery';
import { minutesToTime, type ScheduleDay, timeToMinutes } from '../../../shared/domain/schedule';
import type { Executor } from '../../db/client';
import { categories, documents, providerSchedules, providerServices, providers } from '../../db/schema';

export type ServiceInput = {
  /** An existing service of this listing, kept under its id. */
  id?: number | null;
  name: string;
  priceCents: number;
  description: string | null;
  durationMinutes: number | null;
  deliveredAt: DeliveryPlace;
};

/** With no services at all, a listing is priced like the catalog's fallback. */
export const FALLBACK_PRICE_CENTS = 4000;

export async function findOwnedProviderId(db: Executor, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.ownerUserId, userId))
    .limit(1);
  return row?.id;
}

export async function loadListing(db: Executor, providerId: number): Promise<PartnerListing | undefined> {
  const [row] = await db
    .select({
      id: providers.id,
      name: providers.name,
      description: providers.description,
      city: providers.city,
      citySlug: providers.citySlug,
      province: providers.province,
      streetAddress: providers.streetAddress,
      imageUrl: providers.imageUrl,
      categoryId: providers.categoryId,
      categoryName: categories.name,
      categorySlug: categories.slug,
      categoryDeliveredAt: categories.defaultDeliveredAt,
      priceCents: providers.priceCents,
      minimumNoticeHours: providers.minimumNoticeHours,
      bufferMinutes: providers.bufferMinutes,
      cancellationPolicy: providers.cancellationPolicy,
      hstNumber: providers.hstNumber,
      categoryTaxExempt: categories.taxExempt,
      serviceLanguages: providers.serviceLanguages,
    })
    .from(providers)
    .innerJoin(categories, eq(categories.id, providers.categoryId))
    .where(eq(providers.id, providerId))
    .limit(1);
  if (!row) return undefined;
  const services = await db
    .select({
      id: providerServices.id,
      name: providerServices.name,
      priceCents: providerServices.priceCents,
      description: providerServices.description,
      durationMinutes: providerServices.durationMinutes,
      deliveredAt: providerServices.deliveredAt,
    })
    .from(providerServices)
    .where(eq(providerServices.providerId, providerId))
    .orderBy(asc(providerServices.sortOrder), asc(providerServices.id));
  const hours = await db
    .select({
      day: providerSchedules.weekday,
      opens: providerSchedules.opensAtMinute,
      closes: providerSchedules.closesAtMinute,
    })
    .from(providerSchedules)
    .where(eq(providerSchedules.providerId, providerId))
    .orderBy(asc(providerSchedules.weekday));
  const { priceCents, serviceLanguages, ...rest } = row;
  return {
    ...rest,
    serviceLanguages: normalizeServiceLanguages(serviceLanguages as ServiceLanguage[]),
    price: priceCents / 100,
    services: services.map(({ priceCents: cents, ...s }) => ({ ...s, price: cents / 100 })),
    schedule: hours.map((h) => ({
      day: h.day,
      opensAt: minutesToTime(h.opens),
      closesAt: minutesToTime(h.closes),
    })),
  };
}

export async function insertListing(
  db: Executor,
  input: {
    name: string;
    description: string;
    categoryId: number;
    city: string;
    citySlug: string;
    province: string;
    imageUrl: string | null;
    ownerUserId: number;
    isVerified: boolean;
    now: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(providers)
    .values({
      name: input.name,
      description: input.description,
      categoryId: input.categoryId,
      city: input.city,
      citySlug: input.citySlug,
      province: input.province,
      location: `${input.city}, ${input.province}`,
      priceCents: FALLBACK_PRICE_CENTS,
      imageUrl: input.imageUrl,
      isVerified: input.isVerified,
      ownerUserId: input.ownerUserId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: providers.id });
  return row!.id;
}

/**
 * Makes the listing's services these, in this order: a service sent with its id keeps it (so its
 * bookings stay linked to it), the others are new, and the ones not sent go. The starting price
 * becomes the cheapest service's.
 */
export async function replaceServices(db: Executor, providerId: number, services: ServiceInput[], now: Date) {
  const existing = await db
    .select({ id: providerServices.id })
    .from(providerServices)
    .where(eq(providerServices.providerId, providerId));
  const ownIds = new Set(existing.map((s) => s.id));
  const kept = new Set(services.map((s) => s.id).filter((id): id is number => !!id && ownIds.has(id)));
  const gone = [...ownIds].filter((id) => !kept.has(id));
  if (gone.length > 0) await db.delete(providerServices).where(inArray(providerServices.id, gone));
  for (const [index, s] of services.entries()) {
    const values = {
      name: s.name,
      priceCents: s.priceCents,
      description: s.description,
      durationMinutes: s.durationMinutes,
      deliveredAt: s.deliveredAt,
      sortOrder: index,
    };
    if (s.id && kept.has(s.id)) {
      await db.update(providerServices).set(values).where(eq(providerServices.id, s.id));
    } else {
      await db.insert(providerServices).values({ providerId, ...values });
    }
  }
  const cheapest =
    services.length > 0 ? Math.min(...services.map((s) => s.priceCents)) : FALLBACK_PRICE_CENTS;
  await db
    .update(providers)
    .set({ priceCents: cheapest, updatedAt: now })
    .where(eq(providers.id, providerId));
}

export async function replaceSchedule(db: Executor, providerId: number, schedule: ScheduleDay[]) {
  await db.delete(providerSchedules).where(eq(providerSchedules.providerId, providerId));
  if (schedule.length === 0) return;
  await db.insert(providerSchedules).values(
    schedule.map((d) => ({
      providerId,
      weekday: d.day,
      opensAtMinute: timeToMinutes(d.opensAt),
      closesAtMinute: timeToMinutes(d.closesAt),
    })),
  );
}

export async function updateListingDetails(
  db: Executor,
  providerId: number,
  values: {
    description: string;
    city: string;
    citySlug: string;
    streetAddress?: string | null;
    imageUrl?: string | null;
    hstNumber?: string | null;
    serviceLanguages?: ServiceLanguage[];
    now: Date;
  },
) {
  const [row] = await db
    .select({ province: providers.province })
    .from(providers)
    .where(eq(providers.id, providerId))
    .limit(1);
  await db
    .update(providers)
    .set({
      description: values.description,
      city: values.city,
      citySlug: values.citySlug,
      location: `${values.city}, ${row?.province ?? 'ON'}`,
      ...(values.imageUrl !== undefined ? { imageUrl: values.imageUrl } : {}),
      ...(values.streetAddress !== undefined ? { streetAddress: values.streetAddress } : {}),
      ...(values.hstNumber !== undefined ? { hstNumber: values.hstNumber } : {}),
      ...(values.serviceLanguages !== undefined ? { serviceLanguages: values.serviceLanguages } : {}),
      updatedAt: values.now,
    })
    .where(eq(providers.id, providerId));
}

export async function findCategorySlug(db: Executor, categoryId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  return row?.slug;
}

export async function findOwnedProfileImage(db: Executor, filename: string, userId: number) {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.filename, filename),
        eq(documents.uploadedByUserId, userId),
        inArray(documents.kind, ['profile_image']),
      ),
    )
    .limit(1);
  return row;
}
