import type { User } from '../../../shared/contract/auth';
import { targetOf } from '../../../shared/domain/booking-lifecycle';
import { bookingErrors } from './bookings.errors';
import {
  type BookingRow,
  expireStaleHolds,
  findBookingById,
  findBookingByIntent,
  isSlotConflict,
  lockProviderTimes,
  updateBooking,
  upsertPayment,
} from './bookings.repository';
import { holdStillRuns } from './bookings.rules';
import { finalizePaidBooking, stillBookable } from './bookings.settlement';
import { assertTransition } from './bookings.transitions';
import { type BookingDeps, HOLD_MS } from './bookings.usecases';

/** Paying a hold: the customer's confirmation, and taking the time again when the hold ran out first. */

/** The customer's own booking for a payment intent, or a 404 (another customer's intent included). */
export async function findOwnBookingByIntent(deps: Pick<BookingDeps, 'db'>, user: User, intentId: string) {
  const booking = await findBookingByIntent(deps.db, intentId);
  if (!booking || booking.customerId !== user.id) throw bookingErrors.notFound();
  return booking;
}

export type ConfirmOutcome =
  | { ok: true; bookingId: number; reference: string }
  | { ok: false; status: string; code: string; message: string };

/** Confirms the payment with the card processor, then the booking. Confirming twice charges once. */
export async function confirmPayment(
  deps: BookingDeps,
  user: User,
  input: { paymentIntentId: string; paymentMethodId?: string },
): Promise<ConfirmOutcome> {
  const booking = await findOwnBookingByIntent(deps, user, input.paymentIntentId);
  const settled = settledOutcome(booking);
  if (settled) return settled;
  const now = deps.clock.now();
  if (!holdStillRuns(booking, now)) {
    // The hold ran out before paying: take the time again if nobody else has, otherwise stop before
    // charging. The booking is read again under its lock: the processor's word (the webhook, or
    // reconciliation) may have confirmed it since the read above, and a confirmed booking stays so.
    const retaken = settledOutcome(await retakeTime(deps, booking));
    if (retaken) return retaken;
  }
  const result = await deps.payments.confirmIntent({
    intentId: input.paymentIntentId,
    paymentMethodId: input.paymentMethodId,
  });
  if (result.status === 'succeeded') deps.afterPaymentSucceeded?.();
  if (result.status !== 'succeeded') {
    const failure =
      'failure' in result ? result.failure : { code: 'payment_failed', message: 'Payment failed.' };
    await upsertPayment(deps.db, {
      bookingId: booking.id,
      processor: deps.payments.kind,
      intentId: input.paymentIntentId,
      amountCents: booking.totalCents,
      status: result.status,
      paymentMethodId: input.paymentMethodId ?? null,
      failureCode: failure.code,
      failureMessage: failure.message,
      updatedAt: now,
    });
    return { ok: false, status: result.status, code: `payments.${failure.code}`, message: failure.message };
  }
  const finalized = await finalizePaidBooking(deps, input.paymentIntentId, {
    card: result.card,
    amountCents: result.amountCents,
    currency: result.currency,
  });
  if (finalized.status !== 'confirmed') throw bookingErrors.slotLostRefunded();
  return { ok: true, bookingId: finalized.id, reference: finalized.reference };
}

/**
 * What a booking already settled answers to its customer's Pay (null: it is still to be paid). A
 * released hold stops here too, before any charge: its payment is being voided.
 */
function settledOutcome(booking: BookingRow): ConfirmOutcome | null {
  if (booking.status === 'confirmed' || booking.status === 'completed') {
    return { ok: true, bookingId: booking.id, reference: booking.reference };
  }
  if (booking.status === 'cancelled') throw bookingErrors.cancelled();
  if (booking.paymentStatus === 'voided' || booking.paymentStatus === 'refunded' || booking.releasedAt)
    throw bookingErrors.holdReleased();
  return null;
}

/**
 * Takes a lapsed hold's time again for another hold period, and answers the booking as it is now. Under
 * the provider's lock, as holds and moves are, then the booking's row: what the customer's request read
 * before may have changed (paid through the webhook, cancelled, released), and only a booking still
 * lapsed and unpaid is taken back.
 */
async function retakeTime(deps: BookingDeps, read: BookingRow): Promise<BookingRow> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await lockProviderTimes(tx, read.providerId);
      const booking = await findBookingById(tx, read.id, { forUpdate: true });
      if (!booking) throw bookingErrors.notFound();
      if (settledOutcome(booking)) return booking;
      // Taken back already (the customer's other Pay at the same moment): still held, nothing to do.
      if (holdStillRuns(booking, now)) return booking;
      // A hold whose time ran out is `expired` (the sweep may not have run yet: then it still says awaiting).
      if (booking.status !== 'awaiting_payment') assertTransition('retake', booking, 'customer', now);
      // Still free means free under the professional's rules as they are now, too: hours, time off
      // and notice may have changed since the hold was made (docs/product.md §5, §6).
      if (!(await stillBookable(tx, booking, now))) throw bookingErrors.holdTimeWithdrawn();
      await expireStaleHolds(tx, {
        providerId: booking.providerId,
        from: booking.serviceDate,
        to: booking.endsAt,
        now,
      });
      return updateBooking(tx, booking.id, {
        status: targetOf('retake'),
        holdExpiresAt: new Date(now.getTime() + HOLD_MS),
        updatedAt: now,
      });
    });
  } catch (error) {
    if (isSlotConflict(error)) throw bookingErrors.holdExpired();
    throw error;
  }
}
