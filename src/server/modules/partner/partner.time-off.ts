import type { User } from '../../../shared/contract/auth';
import type { PartnerBookingRules, PartnerListing, TimeOff } from '../../../shared/contract/partner';
import { addDaysToDate, torontoDate, torontoInstant } from '../../../shared/domain/time';
import { applyBufferAhead, expireStaleHolds, lockProviderTimes } from '../bookings/bookings.repository';
import { refreshSearchDocuments } from '../catalog/catalog.search.repository';
import { partnerErrors } from './partner.errors';
import { findOwnedProviderId } from './partner.repository';
import { lockProviderRow } from '../catalog/catalog.repository';
import {
  bookingsBetween,
  deleteTimeOff,
  insertTimeOff,
  listTimeOff,
  updateBookingRules,
} from './partner.time-off.repository';
import { getListing, type PartnerDeps } from './partner.usecases';

/**
 * A partner's booking rules (minimum notice, buffer, cancellation policy) and time off (docs/product.md
 * §9). Availability, holds and reschedules read them at once. A policy change applies to new bookings
 * only: each booking keeps the policy it was paid under.
 */

/** Time off may be planned this far ahead (the booking window is 14 days; holidays are planned earlier). */
const MAX_TIME_OFF_DAYS = 366;

async function ownProviderId(deps: Pick<PartnerDeps, 'db'>, user: User) {
  const id = await findOwnedProviderId(deps.db, user.id);
  if (id === undefined) throw partnerErrors.noListing();
  return id;
}

export async function updateRules(
  deps: PartnerDeps,
  user: User,
  rules: PartnerBookingRules,
): Promise<PartnerListing> {
  const providerId = await ownProviderId(deps, user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // The provider's times first, as every write of a booking's time takes it (bookings.repository.ts).
    await lockProviderTimes(tx, providerId);
    await lockProviderRow(tx, providerId);
    await updateBookingRules(tx, providerId, rules, now);
    // Bookings ahead keep the provider busy for the buffer now in force (docs/product.md §5).
    await expireStaleHolds(tx, { providerId, now });
    await applyBufferAhead(tx, providerId, rules.bufferMinutes, now);
    await refreshSearchDocuments(tx, [providerId]);
  });
  deps.catalogCache.invalidate();
  return getListing(deps, user);
}

async function withBookings(
  deps: PartnerDeps,
  providerId: number,
  entry: { id: number; startDate: string; endDate: string; reason: string | null },
): Promise<TimeOff> {
  const from = torontoInstant(entry.startDate, 0);
  const to = torontoInstant(addDaysToDate(entry.endDate, 1), 0);
  return { ...entry, bookings: await bookingsBetween(deps.db, providerId, from, to, deps.clock.now()) };
}

/** The partner's time off from today on, each with the bookings that fall in it. */
export async function timeOffOf(deps: PartnerDeps, user: User): Promise<TimeOff[]> {
  const providerId = await ownProviderId(deps, user);
  const entries = await listTimeOff(deps.db, providerId, torontoDate(deps.clock.now()));
  return Promise.all(entries.map((entry) => withBookings(deps, providerId, entry)));
}

/**
 * Closes whole Toronto days (both ends included). Allowed over existing bookings: the answer lists them
 * so the partner can cancel or keep each.
 */
export async function addTimeOff(
  deps: PartnerDeps,
  user: User,
  input: { startDate: string; endDate: string; reason?: string | null },
): Promise<TimeOff> {
  const providerId = await ownProviderId(deps, user);
  const today = torontoDate(deps.clock.now());
  if (input.endDate < today) throw partnerErrors.timeOffPast();
  if (
    input.startDate > addDaysToDate(today, MAX_TIME_OFF_DAYS) ||
    input.endDate > addDaysToDate(input.startDate, MAX_TIME_OFF_DAYS)
  )
    throw partnerErrors.timeOffTooLong();
  const entry = {
    startDate: input.startDate < today ? today : input.startDate,
    endDate: input.endDate,
    reason: input.reason?.trim() || null,
  };
  const id = await insertTimeOff(deps.db, { providerId, ...entry, now: deps.clock.now() });
  deps.catalogCache.invalidate();
  return withBookings(deps, providerId, { id, ...entry });
}

export async function removeTimeOff(deps: PartnerDeps, user: User, id: number): Promise<void> {
  const providerId = await ownProviderId(deps, user);
  if (!(await deleteTimeOff(deps.db, providerId, id))) throw partnerErrors.timeOffNotFound();
  deps.catalogCache.invalidate();
}
