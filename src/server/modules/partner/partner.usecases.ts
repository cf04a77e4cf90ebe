import type { User } from '../../../shared/contract/auth';
import type { PartnerBooking, PartnerListing } from '../../../shared/contract/partner';
import type { ServiceLanguage } from '../../../shared/domain/service-languages';
import { cityLabel, citySlug } from '../../../shared/domain/ontario';
import type { DeliveryPlace } from '../../../shared/domain/delivery';
import type { ScheduleDay } from '../../../shared/domain/schedule';
import type { Executor } from '../../db/client';
import { bookingErrors } from '../bookings/bookings.errors';
import { cancelFromBackOffice, completeFromBackOffice, markNoShow } from '../bookings/bookings.back-office';
import { findBookingView, findScopedBooking, listBookingViews } from '../bookings/bookings.views.repository';
import type { BookingDeps } from '../bookings/bookings.usecases';
import { ownApplication } from '../applications/applications.replies';
import { defaultProviderImage, publishProviderPhoto } from '../applications/provider-photos';
import type { FileStorage } from '../applications/storage';
import type { CatalogCache } from '../catalog/catalog.cache';
import { lockProviderRow } from '../catalog/catalog.repository';
import { refreshSearchDocuments } from '../catalog/catalog.search.repository';
import { partnerErrors } from './partner.errors';
import {
  findCategorySlug,
  findOwnedProfileImage,
  findOwnedProviderId,
  loadListing,
  replaceSchedule,
  replaceServices,
  updateListingDetails,
} from './partner.repository';

export type PartnerDeps = BookingDeps & { catalogCache: CatalogCache; storage: FileStorage };

/** `{ isPartner, providerId }`: a partner is an account with role partner; its listing, when it has one. */
export async function partnerStatus(db: Executor, user: User | null) {
  const application = user ? await ownApplication(db, user) : null;
  if (user?.role !== 'partner') return { isPartner: false, providerId: null, application };
  return { isPartner: true, providerId: (await findOwnedProviderId(db, user.id)) ?? null, application };
}

async function ownListingId(db: Executor, user: User): Promise<number> {
  const id = await findOwnedProviderId(db, user.id);
  if (id === undefined) throw partnerErrors.noListing();
  return id;
}

export async function partnerBookings(deps: PartnerDeps, user: User): Promise<PartnerBooking[]> {
  const providerId = await findOwnedProviderId(deps.db, user.id);
  if (providerId === undefined) return [];
  return listBookingViews(deps.db, { providerId }, deps.clock.now());
}

/**
 * Completed (after its start), cancelled (refunded in full, the customer told why) or a no-show (15
 * minutes to 48 hours after the start); only the partner's own bookings.
 */
export async function updatePartnerBooking(
  deps: PartnerDeps,
  user: User,
  bookingId: number,
  input: { action: 'complete' | 'cancel' | 'no_show'; reason: string | null },
): Promise<PartnerBooking> {
  const providerId = await findOwnedProviderId(deps.db, user.id);
  const booking =
    providerId === undefined ? undefined : await findScopedBooking(deps.db, bookingId, { providerId });
  if (!booking) throw bookingErrors.notFound();
  const updated =
    input.action === 'complete'
      ? await completeFromBackOffice(deps, booking)
      : input.action === 'no_show'
        ? await markNoShow(deps, booking)
        : await cancelFromBackOffice(deps, booking, 'partner', input.reason);
  const view = await findBookingView(
    deps.db,
    updated.id,
    { providerId: updated.providerId },
    deps.clock.now(),
  );
  if (!view) throw bookingErrors.notFound();
  return view;
}

export async function getListing(deps: Pick<PartnerDeps, 'db'>, user: User): Promise<PartnerListing> {
  const listing = await loadListing(deps.db, await ownListingId(deps.db, user));
  if (!listing) throw partnerErrors.noListing();
  return listing;
}

export async function updateListing(
  deps: PartnerDeps,
  user: User,
  body: {
    description: string;
    city: string;
    streetAddress?: string | null;
    hstNumber?: string | null;
    imageFilename?: string | null;
    serviceLanguages?: ServiceLanguage[];
  },
): Promise<PartnerListing> {
  const providerId = await ownListingId(deps.db, user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockProviderRow(tx, providerId);
    let imageUrl: string | null | undefined;
    if (body.imageFilename === null) {
      const listing = await loadListing(tx, providerId);
      imageUrl = defaultProviderImage((await findCategorySlug(tx, listing!.categoryId)) ?? 'general');
    } else if (body.imageFilename !== undefined) {
      const image = await findOwnedProfileImage(tx, body.imageFilename, user.id);
      if (!image || !(await deps.storage.exists(image.filename))) throw partnerErrors.unknownPhoto();
      imageUrl = await publishProviderPhoto({ db: tx, storage: deps.storage, now }, image);
    }
    const city = cityLabel(body.city);
    await updateListingDetails(tx, providerId, {
      description: body.description,
      city,
      citySlug: citySlug(city),
      streetAddress: body.streetAddress,
      hstNumber: body.hstNumber,
      serviceLanguages: body.serviceLanguages,
      imageUrl,
      now,
    });
    // Every change refreshes the search document; the cache is emptied after commit: search shows it at once.
    await refreshSearchDocuments(tx, [providerId]);
  });
  deps.catalogCache.invalidate();
  return getListing(deps, user);
}

export async function updateServices(
  deps: PartnerDeps,
  user: User,
  services: {
    id?: number | null;
    name: string;
    price: number;
    description: string | null;
    durationMinutes: number | null;
    deliveredAt?: DeliveryPlace | null;
  }[],
): Promise<PartnerListing> {
  const providerId = await ownListingId(deps.db, user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockProviderRow(tx, providerId);
    const listing = await loadListing(tx, providerId);
    // Where a service happens when the body does not say: an existing service keeps its place (a
    // client that omits the field never resets the partner's choice), a new one takes the category's.
    const currentPlace = new Map(listing?.services.map((s) => [s.id, s.deliveredAt]));
    const placeOf = (s: (typeof services)[number]): DeliveryPlace =>
      s.deliveredAt ??
      (s.id ? currentPlace.get(s.id) : undefined) ??
      listing?.categoryDeliveredAt ??
      'provider';
    await replaceServices(
      tx,
      providerId,
      services.map((s) => ({
        id: s.id,
        name: s.name,
        priceCents: Math.round(s.price * 100),
        description: s.description,
        durationMinutes: s.durationMinutes,
        deliveredAt: placeOf(s),
      })),
      now,
    );
    // Every change refreshes the search document; the cache is emptied after commit: search shows it at once.
    await refreshSearchDocuments(tx, [providerId]);
  });
  deps.catalogCache.invalidate();
  return getListing(deps, user);
}

export async function updateSchedule(
  deps: PartnerDeps,
  user: User,
  schedule: ScheduleDay[],
): Promise<PartnerListing> {
  const providerId = await ownListingId(deps.db, user);
  await deps.db.transaction(async (tx) => {
    await lockProviderRow(tx, providerId);
    await replaceSchedule(
      tx,
      providerId,
      [...schedule].sort((a, b) => a.day - b.day),
    );
    // Every change refreshes the search document; the cache is emptied after commit: search shows it at once.
    await refreshSearchDocuments(tx, [providerId]);
  });
  deps.catalogCache.invalidate();
  return getListing(deps, user);
}
