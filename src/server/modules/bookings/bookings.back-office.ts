import { type Actor, canTransition, type Transition } from '../../../shared/domain/booking-lifecycle';
import { formatBookedTime } from '../../../shared/domain/slots';
import type { Executor } from '../../db/client';
import { enqueueEmail } from '../email/email.outbox.repository';
import { bookingCancelledEmail } from '../email/email.templates';
import { enqueueJob } from '../jobs/jobs.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { bookingErrors } from './bookings.errors';
import { emailPartnerCancelled } from './bookings.partner-emails';
import { VOID_HOLD_JOB } from './bookings.jobs';
import { type BookingRow, findBookingById, findProviderBasics, updateBooking } from './bookings.repository';
import { finalizePaidBooking, requestRefund } from './bookings.settlement';
import type { BookingDeps } from './bookings.usecases';

/** Booking transitions made from the back office: the admin and partner dashboards. */

/** Refuses a transition the lifecycle does not allow to this actor now (409 bookings.transition_not_allowed). */
export function assertTransition(transition: Transition, booking: BookingRow, actor: Actor, now: Date) {
  if (!canTransition(transition, booking, actor, now))
    throw bookingErrors.transitionNotAllowed(transition, booking);
}

/**
 * Cancels a booking awaiting payment or confirmed, which frees its time. A paid booking is refunded in
 * full (through the job queue: a processor that is away delays the refund, never loses it); the
 * customer is e-mailed and notified in the same transaction as the change. Cancelling twice answers
 * the cancelled booking and refunds nothing more.
 */
export async function cancelFromBackOffice(
  deps: BookingDeps,
  booking: BookingRow,
  by: 'admin' | 'partner',
): Promise<BookingRow> {
  if (booking.status === 'cancelled') return booking;
  const now = deps.clock.now();
  assertTransition('cancel', booking, by, now);
  // Charged, but the confirmation never reached us: that money goes back too.
  let chargedUnconfirmed = false;
  if (booking.paymentStatus === 'pending' && booking.paymentIntentId) {
    const intent = await deps.payments.retrieveIntent(booking.paymentIntentId);
    chargedUnconfirmed = intent?.status === 'succeeded';
  }
  const cancelled = await deps.db.transaction(async (tx) => {
    const current = await findBookingById(tx, booking.id, { forUpdate: true });
    if (!current) throw bookingErrors.notFound();
    if (current.status === 'cancelled') return { row: current, changed: false };
    assertTransition('cancel', current, by, now);
    const paid = current.paymentStatus === 'confirmed' || chargedUnconfirmed;
    const row = await updateBooking(tx, current.id, {
      status: 'cancelled',
      paymentStatus: paid ? 'refunded' : current.paymentStatus,
      holdExpiresAt: null,
      cancelledAt: now,
      updatedAt: now,
    });
    if (paid) {
      await requestRefund(tx, {
        booking: current,
        amountCents: current.totalCents,
        reason: `cancelled_by_${by}`,
        key: `cancel-${current.id}`,
        now,
      });
    } else if (current.paymentIntentId && current.paymentStatus === 'pending') {
      // An unpaid hold's payment must never go through now.
      await enqueueJob(tx, {
        kind: VOID_HOLD_JOB,
        key: `${VOID_HOLD_JOB}:${current.id}`,
        payload: { bookingId: current.id },
        runAt: now,
      });
    }
    await announceCancellation(deps, tx, {
      before: current,
      refundCents: paid ? current.totalCents : 0,
      by,
      now,
    });
    return { row, changed: true };
  });
  return cancelled.row;
}

async function announceCancellation(
  deps: BookingDeps,
  tx: Executor,
  input: { before: BookingRow; refundCents: number; by: 'admin' | 'partner'; now: Date },
) {
  const { before: booking, refundCents, by, now } = input;
  const provider = await findProviderBasics(tx, booking.providerId);
  const providerName = provider?.name ?? 'your provider';
  // Only a booking someone paid for concerns the customer's money: an unpaid hold needs no e-mail.
  if (booking.status === 'confirmed' || refundCents > 0) {
    await enqueueEmail(
      tx,
      {
        to: booking.customerEmail,
        kind: 'booking_cancelled',
        ...bookingCancelledEmail({
          publicUrl: deps.env.PUBLIC_URL,
          booking: {
            customerName: booking.customerName,
            serviceName: booking.serviceTitle,
            providerName,
            startsAt: booking.serviceDate,
            amountCents: booking.totalCents,
            reference: booking.reference,
          },
          refundCents,
        }),
      },
      { now },
    );
  }
  const when = formatBookedTime(booking.serviceDate);
  const items = [];
  if (booking.customerId) {
    items.push({
      userId: booking.customerId,
      type: 'booking' as const,
      title: 'Booking cancelled',
      message: `${booking.serviceTitle} with ${providerName} on ${when} was cancelled${refundCents > 0 ? ' and refunded in full' : ''}. Reference ${booking.reference}.`,
      linkUrl: '/bookings',
      now,
    });
  }
  if (by === 'admin' && provider?.ownerUserId) {
    items.push({
      userId: provider.ownerUserId,
      type: 'booking' as const,
      title: 'Booking cancelled',
      message: `Trillium cancelled ${booking.serviceTitle} for ${booking.customerName} on ${when}. Reference ${booking.reference}.`,
      linkUrl: '/partner-dashboard',
      now,
    });
  }
  await insertNotifications(tx, items);
  await emailPartnerCancelled(tx, { env: deps.env, booking, provider, cancelledBy: by, now });
}

/**
 * Confirm Payment (admins): only for a booking whose payment is still pending and which the processor
 * reports as succeeded (a webhook that never arrived); then the normal confirmation runs, e-mail included.
 */
export async function confirmPaymentFromBackOffice(
  deps: BookingDeps,
  booking: BookingRow,
): Promise<BookingRow> {
  assertTransition('confirm_payment', booking, 'admin', deps.clock.now());
  if (!booking.paymentIntentId) throw bookingErrors.paymentNotReceived();
  const intent = await deps.payments.retrieveIntent(booking.paymentIntentId);
  if (intent?.status !== 'succeeded') throw bookingErrors.paymentNotReceived();
  return finalizePaidBooking(deps, booking.paymentIntentId);
}

/** Completed (partners): a confirmed booking whose start time has passed. */
export async function completeFromBackOffice(deps: BookingDeps, booking: BookingRow): Promise<BookingRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = await findBookingById(tx, booking.id, { forUpdate: true });
    if (!current) throw bookingErrors.notFound();
    assertTransition('complete', current, 'partner', now);
    return updateBooking(tx, current.id, { status: 'completed', completedAt: now, updatedAt: now });
  });
}
