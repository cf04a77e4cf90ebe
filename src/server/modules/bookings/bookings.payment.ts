import type { User } from '../../../shared/contract/auth';
import { targetOf } from '../../../shared/domain/booking-lifecycle';
import { bookingErrors } from './bookings.errors';
import {
  type BookingRow,
  expireStaleHolds,
  findBookingByIntent,
  isSlotConflict,
  lockProviderTimes,
  updateBooking,
  upsertPayment,
} from './bookings.repository';
import { finalizePaidBooking } from './bookings.settlement';
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
  if (booking.status === 'confirmed' || booking.status === 'completed') {
    return { ok: true, bookingId: booking.id, reference: booking.reference };
  }
  if (booking.status === 'cancelled') throw bookingErrors.cancelled();
  if (booking.paymentStatus === 'voided' || booking.paymentStatus === 'refunded')
    throw bookingErrors.holdReleased();
  const now = deps.clock.now();
  if (booking.status !== 'awaiting_payment' || (booking.holdExpiresAt && booking.holdExpiresAt <= now)) {
    // The hold ran out before paying: take the time again if nobody else has, otherwise stop before charging.
    await retakeTime(deps, booking);
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
  const finalized = await finalizePaidBooking(deps, input.paymentIntentId, { card: result.card });
  if (finalized.status !== 'confirmed') throw bookingErrors.slotLostRefunded();
  return { ok: true, bookingId: finalized.id, reference: finalized.reference };
}

async function retakeTime(deps: BookingDeps, booking: BookingRow) {
  const now = deps.clock.now();
  // A hold whose time ran out is `expired` (the sweep may not have run yet: then it still says awaiting).
  if (booking.status !== 'awaiting_payment') assertTransition('retake', booking, 'customer', now);
  try {
    await deps.db.transaction(async (tx) => {
      // Taking a time back is taking a new time: under the provider's lock, as holds and moves do.
      await lockProviderTimes(tx, booking.providerId);
      await expireStaleHolds(tx, {
        providerId: booking.providerId,
        from: booking.serviceDate,
        to: booking.endsAt,
        now,
      });
      await updateBooking(tx, booking.id, {
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
