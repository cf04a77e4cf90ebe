import type { User } from '../../../shared/contract/auth';
import type { Booking, CustomerBooking } from '../../../shared/contract/bookings';
import { type BookingFacts, canTransition, customerActions } from '../../../shared/domain/booking-lifecycle';
import { refundQuote } from '../../../shared/domain/cancellation-policy';
import { listAdminIds } from '../applications/applications.repository';
import { catalogErrors } from '../catalog/catalog.errors';
import { reviewIdsOfBookings } from '../reviews/reviews.repository';
import { documentsOf } from '../receipts/receipts.usecases';
import { cancelBooking } from './bookings.back-office';
import { assertTransition } from './bookings.transitions';
import { bookingErrors } from './bookings.errors';
import { insertEvent, listEventsFor } from './bookings.events.repository';
import { tellRescheduled } from './bookings.notices';
import { tellDisputeOpened } from './bookings.notices-disputes';
import { scheduleReminders } from './bookings.reminders';
import {
  expireStaleHolds,
  findBookingById,
  lockProviderTimes,
  findProviderForBooking,
  isSlotConflict,
  listLiveHolds,
  updateBooking,
} from './bookings.repository';
import { assertBookableStart } from './bookings.rules';
import { findOwnBookingByIntent } from './bookings.payment';
import { type BookingDeps, releaseUnpaidHolds } from './bookings.usecases';
import { findBookingView, findScopedBooking, listBookingViews } from './bookings.views.repository';

/**
 * What a customer reads and does with their own bookings (docs/product.md §8-9): the views with what
 * they may do now and what cancelling would give back, cancel, reschedule, and reporting a no-show.
 * Another customer's booking is a 404 everywhere, the same as a missing one.
 */

const factsOfView = (booking: Booking): BookingFacts => ({
  status: booking.status,
  paymentStatus: booking.paymentStatus,
  serviceDate: booking.serviceDate,
  endsAt: booking.endsAt,
  cancellationPolicy: booking.cancellationPolicy,
  paidAt: booking.paidAt,
  rescheduleCount: booking.rescheduleCount,
  disputeSettledAt: booking.disputeSettledAt,
});

async function withCustomerFacts(
  deps: Pick<BookingDeps, 'db' | 'clock'>,
  views: Booking[],
): Promise<CustomerBooking[]> {
  const now = deps.clock.now();
  const ids = views.map((b) => b.id);
  const history = await listEventsFor(deps.db, ids);
  const reviewIds = await reviewIdsOfBookings(deps.db, ids);
  const documents = await documentsOf(deps.db, views);
  return views.map((booking) => {
    const facts = factsOfView(booking);
    const quote = canTransition('cancel', facts, 'customer', now)
      ? refundQuote({
          policy: booking.cancellationPolicy,
          totalCents: booking.totalCents,
          startsAt: new Date(booking.serviceDate),
          paidAt: booking.paidAt ? new Date(booking.paidAt) : null,
          now,
          by: 'customer',
        })
      : null;
    const reviewId = reviewIds.get(booking.id) ?? null;
    return {
      ...booking,
      allowedActions: customerActions(
        { ...facts, completedAt: booking.completedAt, reviewed: reviewId !== null },
        now,
      ),
      reviewId,
      refundIfCancelledNow: quote && {
        amountCents: quote.amountCents,
        percent: quote.percent,
        dropsAt: quote.dropsAt,
        reason: quote.reason,
      },
      history: history.get(booking.id) ?? [],
      documents: documents.get(booking.id)!,
    };
  });
}

export async function customerBookings(
  deps: Pick<BookingDeps, 'db' | 'clock'>,
  user: User,
  scope?: 'upcoming' | 'past',
): Promise<CustomerBooking[]> {
  const views = await listBookingViews(deps.db, { customerId: user.id }, deps.clock.now(), { when: scope });
  return withCustomerFacts(deps, views);
}

export async function customerBooking(
  deps: Pick<BookingDeps, 'db' | 'clock'>,
  user: User,
  id: number,
): Promise<CustomerBooking> {
  const view = await findBookingView(deps.db, id, { customerId: user.id }, deps.clock.now());
  if (!view) throw bookingErrors.notFound();
  const [booking] = await withCustomerFacts(deps, [view]);
  return booking!;
}

async function ownBooking(deps: Pick<BookingDeps, 'db'>, user: User, id: number) {
  const row = await findScopedBooking(deps.db, id, { customerId: user.id });
  if (!row) throw bookingErrors.notFound();
  return row;
}

/**
 * The customer cancels: refunded by the booking's own policy, once however often it is asked; the slot
 * is free at once; both sides are told. A second call answers the cancelled booking.
 */
export async function cancelOwnBooking(
  deps: BookingDeps,
  user: User,
  id: number,
  reason?: string | null,
): Promise<CustomerBooking & { refundAmount: number }> {
  await ownBooking(deps, user, id);
  await cancelBooking(deps, id, { by: 'customer', reason: reason?.trim() || null });
  const booking = await customerBooking(deps, user, id);
  return { ...booking, refundAmount: booking.refundedCents };
}

/**
 * The customer moves a paid booking to another free time of the same provider, keeping its payment,
 * reference and id: only while a full refund would still be given, at most twice. The old time is
 * freed and the new one taken in one statement under the row's lock, so there is never a moment with
 * two times or none; the database's no-overlap constraint decides a race for the new time, and a
 * refused move leaves the booking where it was.
 */
export async function rescheduleOwnBooking(
  deps: BookingDeps,
  user: User,
  id: number,
  serviceDate: string,
): Promise<CustomerBooking> {
  const now = deps.clock.now();
  const booking = await ownBooking(deps, user, id);
  assertTransition('reschedule', booking, 'customer', now);
  const start = new Date(serviceDate);
  if (start.getTime() === booking.serviceDate.getTime()) throw bookingErrors.sameTime();
  const loaded = await findProviderForBooking(deps.db, booking.providerId, start);
  if (!loaded) throw catalogErrors.providerNotFound();
  const rules = assertBookableStart(loaded, start, booking.durationMinutes, now);
  const endsAt = new Date(start.getTime() + (booking.durationMinutes + rules.bufferMinutes) * 60_000);
  try {
    await deps.db.transaction(async (tx) => {
      // The provider's new times are taken one at a time, by holds and moves alike, always before a
      // booking's row (bookings.repository.ts, lockForHold): racing moves never wait on each other's
      // uncommitted times.
      await lockProviderTimes(tx, booking.providerId);
      const current = await findBookingById(tx, id, { forUpdate: true });
      if (!current) throw bookingErrors.notFound();
      // Decided again under the lock: a cancel or another move may have come first.
      assertTransition('reschedule', current, 'customer', now);
      await expireStaleHolds(tx, { providerId: current.providerId, from: start, to: endsAt, now });
      // The customer's own hold on that time (availability lists it to them as theirs): the move takes
      // its place, as a new hold replaces an older one.
      const ownHolds = (await listLiveHolds(tx, user.id, now)).filter(
        (hold) =>
          hold.providerId === current.providerId &&
          hold.serviceDate.getTime() < endsAt.getTime() &&
          hold.endsAt.getTime() > start.getTime(),
      );
      await releaseUnpaidHolds(tx, ownHolds, now);
      const moved = await updateBooking(tx, id, {
        serviceDate: start,
        endsAt,
        rescheduleCount: current.rescheduleCount + 1,
        updatedAt: now,
      });
      await insertEvent(tx, {
        bookingId: id,
        kind: 'rescheduled',
        actor: 'customer',
        details: { from: current.serviceDate.toISOString(), to: start.toISOString() },
        at: now,
      });
      await tellRescheduled(deps, tx, { after: moved, from: current.serviceDate, now });
      // The reminders follow the new time; the old ones find the start changed and skip.
      await scheduleReminders(tx, moved, now);
    });
  } catch (error) {
    if (isSlotConflict(error)) throw bookingErrors.slotTaken();
    throw error;
  }
  return customerBooking(deps, user, id);
}

/**
 * The customer reports that the professional did not come (30 minutes to 48 hours after the start):
 * the booking is disputed until an admin settles it; the partner and the admins are told.
 */
export async function reportOwnNoShow(deps: BookingDeps, user: User, id: number): Promise<CustomerBooking> {
  await ownBooking(deps, user, id);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const current = await findBookingById(tx, id, { forUpdate: true });
    if (!current) throw bookingErrors.notFound();
    if (current.status === 'disputed') return;
    assertTransition('report_no_show', current, 'customer', now);
    const disputed = await updateBooking(tx, id, { status: 'disputed', updatedAt: now });
    await insertEvent(tx, { bookingId: id, kind: 'dispute_opened', actor: 'customer', at: now });
    await tellDisputeOpened(deps, tx, { booking: disputed, adminIds: await listAdminIds(tx), now });
  });
  return customerBooking(deps, user, id);
}

/** POST /api/bookings: only ever the booking made for a payment of this customer's. */
export async function bookingOfPayment(
  deps: Pick<BookingDeps, 'db' | 'clock'>,
  user: User,
  paymentIntentId: string | null | undefined,
) {
  if (!paymentIntentId) throw bookingErrors.needsPayment();
  const booking = await findOwnBookingByIntent(deps, user, paymentIntentId);
  return customerBooking(deps, user, booking.id);
}
