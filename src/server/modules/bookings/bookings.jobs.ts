import { AUTO_COMPLETE_AFTER_MS } from '../../../shared/domain/booking-lifecycle';
import type { JobHandlers } from '../jobs/jobs.runner';
import { completeBySystem } from './bookings.back-office';
import {
  findRefund,
  markRefundAttemptFailed,
  markRefundSucceeded,
  reopenFailedRefund,
} from './bookings.refunds.repository';
import {
  expireStaleHolds,
  findBookingById,
  findPaymentStatus,
  listDueForCompletion,
  listUnsettledPayments,
  markMismatchRefunded,
  markPaymentVoided,
} from './bookings.repository';
import { codeUseReleased } from '../promotions/promotions.usecases';
import { finalizePaidBooking, MISMATCH_REFUND_JOB, REFUND_JOB } from './bookings.settlement';
import type { BookingDeps } from './bookings.usecases';

/** A hold's payment stays payable this long after the hold ran out (the customer may still finish). */
export const VOID_AFTER_EXPIRY_MS = 15 * 60_000;
export const VOID_HOLD_JOB = 'payments.void-hold';
export const EXPIRE_HOLDS_JOB = 'bookings.expire-holds';
export const RECONCILE_JOB = 'bookings.reconcile-payments';
export const AUTO_COMPLETE_JOB = 'bookings.auto-complete';

/**
 * Confirmed bookings become completed by themselves 2 hours after their time ended, so none stays
 * "upcoming" forever. After the server was away for days, every booking that fell due completes once.
 */
export async function completeDueBookings(deps: BookingDeps, { batchSize = 200 } = {}) {
  const now = deps.clock.now();
  let completed = 0;
  let afterId = 0;
  for (;;) {
    const batch = await listDueForCompletion(deps.db, {
      now,
      graceMs: AUTO_COMPLETE_AFTER_MS,
      afterId,
      limit: batchSize,
    });
    if (batch.length === 0) return completed;
    for (const { id } of batch) {
      afterId = id;
      if (await completeBySystem(deps, id)) completed++;
    }
  }
}

/**
 * Makes an abandoned or released hold's payment impossible to charge. If the customer paid it first,
 * the payment is honoured (or refunded when the time is gone) instead.
 */
export async function voidHoldPayment(
  deps: BookingDeps,
  bookingId: number,
): Promise<'voided' | 'paid' | 'settled'> {
  const booking = await findBookingById(deps.db, bookingId);
  if (!booking?.paymentIntentId || booking.paymentStatus !== 'pending') return 'settled';
  const intent = await deps.payments.cancelIntent(booking.paymentIntentId);
  if (intent?.status === 'succeeded') {
    await finalizePaidBooking(deps, booking.paymentIntentId, {
      card: intent.card,
      amountCents: intent.amountCents,
      currency: intent.currency,
    });
    return 'paid';
  }
  await deps.db.transaction(async (tx) => {
    await markPaymentVoided(tx, booking.id, deps.clock.now());
    // That payment can never happen now: a promo code's use it held goes back (docs/product.md §7).
    await codeUseReleased(tx, [booking.id], deps.clock.now());
  });
  return 'voided';
}

/**
 * Payments the processor took but the booking never heard of (the server died between the two, or
 * the browser and the webhook both failed), and holds left unpaid. Walks every unsettled payment,
 * oldest first, in batches until none is left: a paid one is confirmed (or refunded when its time is
 * gone); one whose hold ran out long enough ago is voided, so it leaves this list for good. Safe to
 * run in several processes at once: each step is idempotent and locks the booking row.
 */
export async function reconcilePayments(deps: BookingDeps, { batchSize = 100 } = {}) {
  const now = deps.clock.now();
  const outcome: {
    confirmed: number;
    refunded: number;
    voided: number;
    failed: number;
    firstError?: unknown;
  } = { confirmed: 0, refunded: 0, voided: 0, failed: 0 };
  let afterId = 0;
  for (;;) {
    const batch = await listUnsettledPayments(deps.db, { afterId, limit: batchSize });
    if (batch.length === 0) break;
    for (const row of batch) {
      afterId = row.id;
      try {
        const intent = await deps.payments.retrieveIntent(row.intentId!);
        if (intent?.status === 'succeeded') {
          const settled = await finalizePaidBooking(deps, row.intentId!, {
            card: intent.card,
            amountCents: intent.amountCents,
            currency: intent.currency,
          });
          if (settled.status === 'confirmed') outcome.confirmed++;
          else outcome.refunded++;
          continue;
        }
        const abandoned =
          row.status !== 'awaiting_payment' ||
          !row.holdExpiresAt ||
          row.holdExpiresAt.getTime() + VOID_AFTER_EXPIRY_MS < now.getTime();
        if (abandoned && (await voidHoldPayment(deps, row.id)) === 'voided') outcome.voided++;
      } catch (error) {
        // One payment the processor cannot answer for now must not stop the others; the job retries.
        outcome.failed++;
        outcome.firstError ??= error;
      }
    }
  }
  return outcome;
}

/** The queue's handlers for booking and payment work. */
export function bookingJobHandlers(deps: BookingDeps): JobHandlers {
  return {
    [EXPIRE_HOLDS_JOB]: async (_payload, { now }) => {
      await expireStaleHolds(deps.db, { now });
      return undefined;
    },
    [AUTO_COMPLETE_JOB]: async () => {
      await completeDueBookings(deps);
      return undefined;
    },
    [RECONCILE_JOB]: async () => {
      const outcome = await reconcilePayments(deps);
      if (outcome.failed > 0) {
        throw new Error(`${outcome.failed} payment(s) could not be checked with the processor`, {
          cause: outcome.firstError,
        });
      }
      return undefined;
    },
    [MISMATCH_REFUND_JOB]: async (payload, { now }) => {
      const intentId = String(payload.intentId);
      const amountCents = Number(payload.amountCents);
      const status = await findPaymentStatus(deps.db, intentId);
      if (status !== 'mismatched') return { skipped: `the payment is ${status ?? 'unknown'}` };
      // One idempotency key: a retry after a lost answer never refunds twice.
      await deps.payments.refund({ intentId, amountCents, idempotencyKey: `mismatch-refund-${intentId}` });
      await markMismatchRefunded(deps.db, intentId, { amountCents, now });
      return undefined;
    },
    [VOID_HOLD_JOB]: async (payload) => {
      const result = await voidHoldPayment(deps, Number(payload.bookingId));
      return result === 'settled' ? { skipped: 'the payment was already settled' } : undefined;
    },
    [REFUND_JOB]: async (payload, { attempt, maxAttempts, now }) => {
      const refund = await findRefund(deps.db, Number(payload.refundId));
      if (!refund) return { skipped: 'no such refund' };
      if (refund.status === 'succeeded') return { skipped: 'refund already succeeded' };
      // A refund given up on runs again only when an admin retries its dead job: it is due again
      // (same idempotency key, so the processor never refunds twice).
      if (refund.status === 'failed') await reopenFailedRefund(deps.db, refund.id);
      try {
        await deps.payments.refund({
          intentId: refund.intentId,
          amountCents: refund.amountCents,
          idempotencyKey: refund.idempotencyKey,
        });
      } catch (error) {
        await markRefundAttemptFailed(deps.db, refund.id, {
          error: (error as Error).message.slice(0, 500),
          givenUp: attempt >= maxAttempts,
          now,
        });
        throw error;
      }
      await markRefundSucceeded(deps.db, refund.id, deps.clock.now());
      return undefined;
    },
  };
}
