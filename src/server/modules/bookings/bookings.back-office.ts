import type { Actor } from '../../../shared/domain/booking-lifecycle';
import { refundQuote } from '../../../shared/domain/cancellation-policy';
import type { Executor } from '../../db/client';
import { enqueueJob } from '../jobs/jobs.repository';
import { codeUseReleased, codeUseReturned } from '../promotions/promotions.usecases';
import { creditNoteToDraw, issueCreditNote } from '../receipts/receipts.usecases';
import { bookingErrors } from './bookings.errors';
import { insertEvent } from './bookings.events.repository';
import { VOID_HOLD_JOB } from './bookings.jobs';
import { tellCancelled } from './bookings.notices';
import { tellDisputeResolved, tellNoShow } from './bookings.notices-disputes';
import { scheduleReviewPrompt } from './bookings.reminders';
import { type BookingRow, findBookingById, lockProviderTimes, updateBooking } from './bookings.repository';
import { finalizePaidBooking, type RecordedRefund, requestRefund } from './bookings.settlement';
import { assertTransition } from './bookings.transitions';
import type { BookingDeps } from './bookings.usecases';

/** Booking transitions: cancelling (by anyone) and the back office's (admin and partner dashboards). */

export type CancelOutcome = { booking: BookingRow; refundCents: number; changed: boolean };

/**
 * Work of the caller's that must commit with a back-office change (the admin audit log): called inside
 * the change's transaction with the booking before and after, only when something changed.
 */
export type InTransaction = (
  tx: Executor,
  change: { before: BookingRow; after: BookingRow; refundCents: number },
) => Promise<void>;

/**
 * Cancels a booking, which frees its time: by its customer (refunded by the booking's policy), its
 * partner or an admin (refunded in full). The refund goes through the job queue (a processor that is
 * away delays it, never loses it), and the customer and the partner are told, all in one transaction
 * with the change. Cancelling twice answers the cancelled booking and refunds nothing more.
 */
export async function cancelBooking(
  deps: BookingDeps,
  bookingId: number,
  input: {
    by: 'customer' | 'partner' | 'admin';
    reason?: string | null;
    transition?: 'cancel' | 'resolve_refund';
    inTransaction?: InTransaction;
  },
): Promise<CancelOutcome> {
  const now = deps.clock.now();
  const transition = input.transition ?? 'cancel';
  // Cancelling twice answers the cancelled booking; settling a dispute is allowed from `disputed` only
  // (assertTransition below answers 409 for a booking cancelled before, or by a racing admin).
  const repeated = (row: BookingRow) => transition === 'cancel' && row.status === 'cancelled';
  const first = await findBookingById(deps.db, bookingId);
  if (!first) throw bookingErrors.notFound();
  if (repeated(first)) return { booking: first, refundCents: 0, changed: false };
  // Charged, but the confirmation never reached us: that money goes back too (back office only).
  let chargedUnconfirmed = false;
  if (input.by !== 'customer' && first.paymentStatus === 'pending' && first.paymentIntentId) {
    const intent = await deps.payments.retrieveIntent(first.paymentIntentId);
    chargedUnconfirmed = intent?.status === 'succeeded';
  }
  return deps.db.transaction(async (tx) => {
    const current = await findBookingById(tx, bookingId, { forUpdate: true });
    if (!current) throw bookingErrors.notFound();
    if (repeated(current)) return { booking: current, refundCents: 0, changed: false };
    assertTransition(transition, current, input.by, now);
    const paid = current.paymentStatus === 'confirmed' || chargedUnconfirmed;
    const quote = refundQuote({
      policy: current.cancellationPolicy,
      totalCents: current.totalCents,
      startsAt: current.serviceDate,
      paidAt: current.confirmedAt,
      now,
      by: input.by,
    });
    const refundCents = paid ? quote.amountCents : 0;
    let refund: RecordedRefund | null = null;
    const row = await updateBooking(tx, current.id, {
      status: 'cancelled',
      paymentStatus: refundCents > 0 ? 'refunded' : current.paymentStatus,
      holdExpiresAt: null,
      cancelledAt: now,
      cancelledBy: input.by,
      // Settling a dispute is final (the lifecycle's no-show rules read it).
      ...(transition === 'resolve_refund' ? { disputeSettledAt: now } : {}),
      cancelReason: input.reason ?? null,
      updatedAt: now,
    });
    await insertEvent(tx, {
      bookingId: current.id,
      kind: 'cancelled',
      actor: input.by,
      details: { reason: input.reason ?? null },
      at: now,
    });
    if (refundCents > 0) {
      refund = await requestRefund(tx, {
        booking: current,
        amountCents: refundCents,
        reason: `cancelled_by_${input.by}`,
        key: `cancel-${current.id}`,
        now,
      });
      await insertEvent(tx, {
        bookingId: current.id,
        kind: 'refunded',
        actor: 'system',
        details: { amountCents: refundCents, percent: paid ? quote.percent : 0 },
        at: now,
      });
    } else if (paid && quote.percent === 100) {
      // A booking a promo paid in full: nothing to give back to a card, but its ledger lines are
      // reversed, or the partner would be paid the promotion for a cancelled service.
      await requestRefund(tx, {
        booking: current,
        amountCents: 0,
        reason: `cancelled_by_${input.by}`,
        key: `cancel-${current.id}`,
        now,
      });
    } else if (current.paymentIntentId && current.paymentStatus === 'pending') {
      // An unpaid hold's payment must never go through now.
      await voidLater(tx, current.id, now);
    }
    // A promo code's use comes back with a full refund, and with a hold cancelled before paying (§7).
    // Full by the policy's share, not by the amount: a booking the code made free refunds 0 either way.
    if (paid && quote.percent === 100) await codeUseReturned(tx, current.id, now);
    else if (!paid) await codeUseReleased(tx, [current.id], now);
    await tellCancelled(deps, tx, {
      before: current,
      by: input.by,
      refundCents,
      percent: paid ? quote.percent : 0,
      reason: input.reason ?? null,
      now,
      // Drawn when the e-mail is sent: the note is numbered last, below (docs/product.md §7).
      creditNote: refund ? creditNoteToDraw(current, refund.refundId) : null,
    });
    await input.inTransaction?.(tx, { before: current, after: row, refundCents });
    // The refund's credit note takes its number last, so the counter's lock is held for this statement
    // and the commit only (docs/product.md §7).
    if (refund) await issueCreditNote(tx, deps.env, { booking: current, ...refund, now });
    return { booking: row, refundCents, changed: true };
  });
}

async function voidLater(tx: Executor, bookingId: number, now: Date) {
  await enqueueJob(tx, {
    kind: VOID_HOLD_JOB,
    key: `${VOID_HOLD_JOB}:${bookingId}`,
    payload: { bookingId },
    runAt: now,
  });
}

/** A transition that changes only the status (and its time stamp), under the row's lock, with its event. */
async function moveTo(
  deps: BookingDeps,
  bookingId: number,
  input: { transition: 'complete' | 'mark_no_show' | 'resolve_completed'; actor: Actor },
  after?: (tx: Executor, row: BookingRow, now: Date, before: BookingRow) => Promise<void>,
): Promise<BookingRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = await findBookingById(tx, bookingId, { forUpdate: true });
    if (!current) throw bookingErrors.notFound();
    assertTransition(input.transition, current, input.actor, now);
    const status = input.transition === 'mark_no_show' ? 'no_show' : 'completed';
    const row = await updateBooking(tx, current.id, {
      status,
      ...(status === 'completed' ? { completedAt: now } : {}),
      ...(input.transition === 'resolve_completed' ? { disputeSettledAt: now } : {}),
      updatedAt: now,
    });
    const kind =
      input.transition === 'mark_no_show'
        ? 'no_show'
        : input.transition === 'complete'
          ? 'completed'
          : 'dispute_resolved';
    await insertEvent(tx, { bookingId: current.id, kind, actor: input.actor, details: {}, at: now });
    if (status === 'completed') await scheduleReviewPrompt(tx, row, now);
    await after?.(tx, row, now, current);
    return row;
  });
}

/**
 * Completed by the server itself, 2 hours after the booked time ended (docs/product.md §8). Answers
 * false when it is no longer due (a partner or customer acted first).
 */
export async function completeBySystem(deps: BookingDeps, bookingId: number): Promise<boolean> {
  try {
    await moveTo(deps, bookingId, { transition: 'complete', actor: 'system' });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'bookings.transition_not_allowed') return false;
    throw error;
  }
}

/** Completed (partners): a confirmed booking whose start time has passed. */
export function completeFromBackOffice(deps: BookingDeps, booking: BookingRow): Promise<BookingRow> {
  return moveTo(deps, booking.id, { transition: 'complete', actor: 'partner' });
}

/** The customer did not come (partners, 15 minutes to 48 hours after the start): no refund, the customer is told. */
export function markNoShow(deps: BookingDeps, booking: BookingRow): Promise<BookingRow> {
  return moveTo(deps, booking.id, { transition: 'mark_no_show', actor: 'partner' }, (tx, row, now) =>
    tellNoShow(deps, tx, { booking: row, now }),
  );
}

/** An admin settles a dispute: a full refund (the booking is cancelled) or completed; both sides are told. */
export async function resolveDispute(
  deps: BookingDeps,
  booking: BookingRow,
  outcome: 'refunded' | 'completed',
  inTransaction?: InTransaction,
): Promise<BookingRow> {
  if (outcome === 'refunded') {
    // The settlement's event and messages go in the cancellation's own transaction: only the admin
    // whose cancellation happened tells anyone (a second press, or a second admin, answers 409).
    const result = await cancelBooking(deps, booking.id, {
      by: 'admin',
      reason: 'The professional did not come.',
      transition: 'resolve_refund',
      inTransaction: async (tx, change) => {
        const now = deps.clock.now();
        await insertEvent(tx, {
          bookingId: booking.id,
          kind: 'dispute_resolved',
          actor: 'admin',
          details: { outcome },
          at: now,
        });
        await tellDisputeResolved(deps, tx, { booking: change.after, outcome, now });
        await inTransaction?.(tx, change);
      },
    });
    return result.booking;
  }
  return moveTo(
    deps,
    booking.id,
    { transition: 'resolve_completed', actor: 'admin' },
    async (tx, row, now, before) => {
      await tellDisputeResolved(deps, tx, { booking: row, outcome, now });
      await inTransaction?.(tx, { before, after: row, refundCents: 0 });
    },
  );
}

/**
 * Confirm Payment (admins): only for a booking whose payment is still pending and which the processor
 * reports as succeeded (a webhook that never arrived); then the normal confirmation runs, e-mail included.
 */
export async function confirmPaymentFromBackOffice(
  deps: BookingDeps,
  booking: BookingRow,
  inTransaction?: InTransaction,
): Promise<BookingRow> {
  assertTransition('confirm_payment', booking, 'admin', deps.clock.now());
  const intentId = booking.paymentIntentId;
  if (!intentId) throw bookingErrors.paymentNotReceived();
  const intent = await deps.payments.retrieveIntent(intentId);
  if (intent?.status !== 'succeeded') throw bookingErrors.paymentNotReceived();
  const paid = { card: intent.card, amountCents: intent.amountCents, currency: intent.currency };
  if (!inTransaction) return finalizePaidBooking(deps, intentId, paid);
  // The confirmation runs in a savepoint of this transaction, so the caller's work commits with it.
  return deps.db.transaction(async (tx) => {
    // The provider's lock before the booking's row, as every other confirmation takes them (the
    // webhook, Pay, the sweep): the other way round, two confirmations at once deadlocked.
    await lockProviderTimes(tx, booking.providerId);
    const before = await findBookingById(tx, booking.id, { forUpdate: true });
    if (!before) throw bookingErrors.notFound();
    const after = await finalizePaidBooking({ ...deps, db: tx }, intentId, paid);
    if (after.status !== before.status || after.paymentStatus !== before.paymentStatus)
      await inTransaction(tx, { before, after, refundCents: 0 });
    return after;
  });
}

/** The back office's cancel (partner or admin): refunded in full, the reason told to the customer. */
export async function cancelFromBackOffice(
  deps: BookingDeps,
  booking: BookingRow,
  by: 'admin' | 'partner',
  reason?: string | null,
  inTransaction?: InTransaction,
): Promise<BookingRow> {
  return (await cancelBooking(deps, booking.id, { by, reason, inTransaction })).booking;
}
