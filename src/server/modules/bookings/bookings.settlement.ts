import { canTransition } from '../../../shared/domain/booking-lifecycle';
import { formatCents } from '../../../shared/domain/money';
import { type MoneyLine, splitRefund, subtractLines, sumLines } from '../../../shared/domain/price-lines';
import { formatBookedTime } from '../../../shared/domain/dates';
import type { Executor } from '../../db/client';
import { isAppError } from '../../errors';
import { enqueueEmail, recipientLocale } from '../email/email.outbox.repository';
import { bookingConfirmationEmail } from '../email/email.templates';
import { recordPayment, recordRefund } from '../earnings/earnings.ledger';
import { enqueueJob } from '../jobs/jobs.repository';
import { emailText } from '../../i18n/server-i18n';
import { inEveryLanguage, insertNotifications } from '../notifications/notifications.repository';
import { bookingErrors } from './bookings.errors';
import { insertEvent } from './bookings.events.repository';
import { bookingInvite } from './bookings.calendar';
import { summaryOf } from './bookings.notices';
import { scheduleReminders } from './bookings.reminders';
import { emailPartnerConfirmed } from './bookings.partner-emails';
import {
  type BookingRow,
  confirmPaidBooking,
  expireStaleHolds,
  findBookingByIntent,
  findProviderBasics,
  findProviderForBooking,
  isSlotConflict,
  updateBooking,
  upsertPayment,
} from './bookings.repository';
import { insertRefund, listRefundLines } from './bookings.refunds.repository';
import { assertBookableStart, holdLapsed } from './bookings.rules';
import { factsOf } from './bookings.transitions';
import { chargedLines } from './bookings.views.repository';
import type { BookingDeps } from './bookings.usecases';
import type { CardSummary } from '../payments/payments.processor';
import { codeUseMade, codeUseReleased } from '../promotions/promotions.usecases';
import { issueCreditNote, issueReceipt, receiptToDraw } from '../receipts/receipts.usecases';

/**
 * What happens to a payment after the processor has decided it: a succeeded payment confirms its
 * booking or, when the booking lost its time, is refunded; an unpaid hold's payment is voided.
 * Every step here is safe to repeat (browser, webhook and reconciliation may all call it).
 */

export const REFUND_JOB = 'payments.refund';
/** Gives back a payment whose amount or currency was not its booking's (docs/product.md §6). */
export const MISMATCH_REFUND_JOB = 'payments.refund-mismatch';

/**
 * Records a refund owed, in the caller's transaction, and queues the job that makes it. The key makes
 * the refund happen once however often its cause is replayed. Answers the refund (null when nothing
 * goes back to a card: a payment that never was, or a full refund of a booking that cost nothing, which
 * only reverses its ledger lines). The caller issues its credit note with `issueCreditNote`, as its
 * transaction's last statement: the note's number is taken under the counter's lock, held until the
 * commit (docs/product.md §7).
 */
export async function requestRefund(
  tx: Executor,
  input: {
    booking: BookingRow;
    amountCents: number;
    reason: string;
    key: string;
    now: Date;
  },
): Promise<RecordedRefund | null> {
  if (!input.booking.paymentIntentId) return null;
  if (input.amountCents <= 0) {
    // Nothing goes back to a card. But a booking a promo paid in full, undone, must not leave the
    // partner the promotion's money in the ledger (it would be paid out for a service never given):
    // its whole payment is reversed, the partner's lines back to the promotions account.
    if (input.booking.totalCents === 0)
      await recordRefund(
        tx,
        input.booking,
        { key: input.key, lines: chargedLines(input.booking) },
        input.now,
      );
    return null;
  }
  const lines = await refundLinesFor(tx, input.booking, input.amountCents, input.key);
  const refundId = await insertRefund(tx, {
    bookingId: input.booking.id,
    intentId: input.booking.paymentIntentId,
    amountCents: input.amountCents,
    lines,
    reason: input.reason,
    idempotencyKey: input.key,
    createdAt: input.now,
  });
  // The ledger gives the money back in the same split, in this transaction (decision 014).
  await recordRefund(tx, input.booking, { key: input.key, lines }, input.now);
  await enqueueJob(tx, {
    kind: REFUND_JOB,
    key: `${REFUND_JOB}:${refundId}`,
    payload: { refundId },
    runAt: input.now,
    maxAttempts: 12,
  });
  return { refundId, lines, amountCents: input.amountCents };
}

/** A refund recorded in a transaction, whose credit note that transaction issues last. */
export type RecordedRefund = { refundId: number; lines: MoneyLine[]; amountCents: number };

/**
 * A refund split across the lines of the booking still unrefunded, cent-exact (docs/product.md §9), so
 * the refunds' lines and what stays add up to what was charged, line by line.
 */
async function refundLinesFor(tx: Executor, booking: BookingRow, amountCents: number, key: string) {
  const charged = chargedLines(booking);
  const earlier = await listRefundLines(tx, booking.id, { exceptKey: key });
  const remaining = subtractLines(charged, earlier);
  // Never expected (refunds never pass what was paid), but a refund must not fail on it.
  const base = amountCents <= sumLines(remaining) ? remaining : charged;
  return splitRefund(base, Math.min(amountCents, sumLines(base)));
}

/**
 * Marks the booking of a succeeded payment confirmed, e-mails the customer and notifies both sides,
 * in one transaction. Safe to call any number of times, from the browser's confirmation, a webhook
 * or the reconciliation job: only the first call changes anything. A payment that arrives after its
 * booking lost its time to someone else (or was cancelled) is refunded in full, once.
 */
export async function finalizePaidBooking(
  deps: BookingDeps,
  intentId: string,
  paid: { card?: CardSummary | null; amountCents?: number; currency?: string } = {},
): Promise<BookingRow> {
  const { db, clock } = deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const booking = await findBookingByIntent(tx, intentId, { forUpdate: true });
    if (!booking) throw bookingErrors.notFound();
    if (booking.paymentStatus === 'confirmed' || booking.paymentStatus === 'refunded') return booking;
    // The processor's word on what it took, when it gives it: an intent changed on its side (its
    // dashboard, another integration) must not confirm the booking or enter the ledger as the total.
    // Recorded on the payment and given back in full by a job (MISMATCH_REFUND_JOB); the hold runs out
    // as unpaid.
    const mismatch =
      (paid.amountCents !== undefined && paid.amountCents !== booking.totalCents) ||
      (paid.currency !== undefined && paid.currency.toUpperCase() !== 'CAD');
    if (mismatch) {
      const taken = `${paid.amountCents ?? booking.totalCents} ${(paid.currency ?? 'CAD').toUpperCase()}`;
      await upsertPayment(tx, {
        bookingId: booking.id,
        processor: deps.payments.kind,
        intentId,
        amountCents: paid.amountCents ?? booking.totalCents,
        status: 'mismatched',
        failureCode: 'amount_mismatch',
        failureMessage: `The processor took ${taken} for a booking of ${booking.totalCents} CAD.`,
        updatedAt: now,
      });
      // The whole of what was taken goes back, once (the job's key), retried while the processor is away.
      await enqueueJob(tx, {
        kind: MISMATCH_REFUND_JOB,
        key: `${MISMATCH_REFUND_JOB}:${intentId}`,
        payload: { intentId, amountCents: paid.amountCents ?? booking.totalCents },
        runAt: now,
        maxAttempts: 12,
      });
      deps.log?.error(
        { bookingId: booking.id, intentId, taken, totalCents: booking.totalCents },
        'a payment does not match its booking: not confirmed, refunded in full',
      );
      // Settled as far as the booking goes: the payments sweep stops asking, the hold runs out.
      return updateBooking(tx, booking.id, { paymentStatus: 'failed', updatedAt: now });
    }
    await recordSucceededPayment(deps, tx, booking, intentId, now, paid.card ?? null);
    // The money is in: the ledger shares it out in the payment's transaction (decision 014).
    await recordPayment(tx, booking, now);
    if (!canTransition('pay', factsOf(booking), 'system', now)) {
      // Paid for what can no longer be provided (cancelled meanwhile): the money goes back, once.
      const refunded = await updateBooking(tx, booking.id, { paymentStatus: 'refunded', updatedAt: now });
      await codeUseReleased(tx, [booking.id], now);
      const refund = await requestRefund(tx, {
        booking,
        amountCents: booking.totalCents,
        reason: booking.status === 'cancelled' ? 'paid_after_cancel' : `paid_when_${booking.status}`,
        key: `paid-after-cancel-${booking.id}`,
        now,
      });
      // Last: a credit note only for a booking that had a receipt (docs/product.md §7).
      if (refund) await issueCreditNote(tx, deps.env, { booking, ...refund, now });
      return refunded;
    }
    // A lapsed hold paid late is honoured only at a time still bookable under the professional's rules
    // as they are now (hours, days off, notice), as the customer's own Pay decides (retake): otherwise
    // that Pay answered "no booking" while the card was charged, and this must give the money back.
    if (holdLapsed(booking, now) && !(await stillBookable(tx, booking, now)))
      return refundUnheldTime(deps, tx, booking, now, 'time_withdrawn');
    try {
      const confirmed = await tx.transaction(async (savepoint) => {
        if (booking.status === 'expired' || booking.status === 'awaiting_payment') {
          await expireStaleHolds(savepoint, {
            providerId: booking.providerId,
            from: booking.serviceDate,
            to: booking.endsAt,
            now,
          });
        }
        return confirmPaidBooking(savepoint, booking.id, now);
      });
      await insertEvent(tx, {
        bookingId: booking.id,
        kind: 'paid',
        actor: 'customer',
        details: { amountCents: booking.totalCents },
        at: now,
      });
      // A promo code's use is made when the payment succeeds (docs/product.md §7); a booking without a
      // code has no use to make (one is taken only with a code, at the hold), so no statement.
      if (booking.promoCode !== null) await codeUseMade(tx, booking.id, now);
      await announceConfirmation(deps, tx, confirmed, now);
      await scheduleReminders(tx, confirmed, now);
      // The receipt's number is taken in the payment's transaction (no gaps) and last: every payment
      // waits for the counter's lock in turn, so it is held for this statement and the commit only
      // (docs/product.md §7). The e-mail above draws the receipt when it is sent.
      await issueReceipt(tx, deps.env, confirmed, now);
      return confirmed;
    } catch (error) {
      if (!isSlotConflict(error)) throw error;
      // Someone else has this time now: the payment must go back, in full, once.
      return refundUnheldTime(deps, tx, booking, now, 'slot_lost');
    }
  });
}

/**
 * Whether the booking's start is one the customer could book now, under the professional's rules as
 * they are now (docs/product.md §5): what a lapsed hold's retake and its late payment both ask.
 */
export async function stillBookable(tx: Executor, booking: BookingRow, now: Date): Promise<boolean> {
  const loaded = await findProviderForBooking(tx, booking.providerId, booking.serviceDate);
  if (!loaded) return false;
  try {
    assertBookableStart(loaded, booking.serviceDate, booking.durationMinutes, now);
    return true;
  } catch (error) {
    if (isAppError(error)) return false;
    throw error;
  }
}

/**
 * A payment for a time the booking no longer holds (someone else has it, or the professional's rules
 * no longer allow it): the booking ends expired and the money goes back in full, once.
 */
async function refundUnheldTime(
  deps: BookingDeps,
  tx: Executor,
  booking: BookingRow,
  now: Date,
  why: 'slot_lost' | 'time_withdrawn',
): Promise<BookingRow> {
  const lost = await updateBooking(tx, booking.id, {
    status: 'expired',
    paymentStatus: 'refunded',
    holdExpiresAt: null,
    updatedAt: now,
  });
  const refund = await requestRefund(tx, {
    booking,
    amountCents: booking.totalCents,
    reason: why,
    key: `slot-lost-${booking.id}`,
    now,
  });
  await codeUseReleased(tx, [booking.id], now);
  await insertEvent(tx, {
    bookingId: booking.id,
    kind: 'refunded',
    actor: 'system',
    details: { amountCents: booking.totalCents, percent: 100, why },
    at: now,
  });
  if (refund) await issueCreditNote(tx, deps.env, { booking, ...refund, now });
  return lost;
}

async function recordSucceededPayment(
  deps: BookingDeps,
  tx: Executor,
  booking: BookingRow,
  intentId: string,
  now: Date,
  card: CardSummary | null,
) {
  await upsertPayment(tx, {
    bookingId: booking.id,
    processor: deps.payments.kind,
    intentId,
    amountCents: booking.totalCents,
    status: 'succeeded',
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    updatedAt: now,
  });
}

/** The confirmation e-mail to the customer and the notifications of both sides, in the same transaction. */
async function announceConfirmation(deps: BookingDeps, tx: Executor, booking: BookingRow, now: Date) {
  const provider = await findProviderBasics(tx, booking.providerId);
  const providerName = provider?.name ?? 'your provider';
  const customer = { to: booking.customerEmail, ownerId: booking.customerId };
  const locale = await recipientLocale(tx, customer);
  await enqueueEmail(
    tx,
    {
      ...customer,
      kind: 'booking_confirmation',
      ...bookingConfirmationEmail({
        publicUrl: deps.env.PUBLIC_URL,
        // With the cancellation policy it was sold under (docs/product.md §9).
        booking: summaryOf(booking, providerName),
      }),
      // The calendar entry, and the receipt (drawn when the e-mail is sent: its number comes last).
      attachments: [
        ...bookingInvite(deps, booking, providerName, 'REQUEST', locale),
        receiptToDraw(booking.id, locale),
      ],
    },
    { now, locale },
  );
  const items = [];
  if (booking.customerId) {
    items.push(
      {
        userId: booking.customerId,
        type: 'booking' as const,
        ...inEveryLanguage((locale) => ({
          title: emailText(locale, 'inApp.confirmed.title'),
          message: emailText(locale, 'inApp.confirmed.message', {
            service: booking.serviceTitle,
            provider: providerName,
            when: formatBookedTime(booking.serviceDate, locale),
            reference: booking.reference,
          }),
        })),
        linkUrl: '/bookings',
        now,
      },
      {
        userId: booking.customerId,
        type: 'payment' as const,
        ...inEveryLanguage((locale) => ({
          title: emailText(locale, 'inApp.paid.title'),
          message: emailText(locale, 'inApp.paid.message', {
            amount: formatCents(booking.totalCents, locale),
            service: booking.serviceTitle,
          }),
        })),
        linkUrl: '/bookings',
        now,
      },
    );
  }
  if (provider?.ownerUserId) {
    items.push({
      userId: provider.ownerUserId,
      type: 'booking' as const,
      ...inEveryLanguage((locale) => ({
        title: emailText(locale, 'inApp.newBooking.title'),
        message: emailText(locale, 'inApp.newBooking.message', {
          customer: booking.customerName,
          service: booking.serviceTitle,
          when: formatBookedTime(booking.serviceDate, locale),
          reference: booking.reference,
        }),
      })),
      linkUrl: '/partner-dashboard',
      now,
    });
  }
  await insertNotifications(tx, items);
  await emailPartnerConfirmed(tx, { env: deps.env, booking, provider, now });
}

/** A failure reported by the processor (webhook): recorded unless the payment already succeeded. */
export async function recordPaymentFailure(
  deps: BookingDeps,
  intentId: string,
  failure: { code: string; message: string },
) {
  const booking = await findBookingByIntent(deps.db, intentId);
  if (booking?.paymentStatus !== 'pending') return;
  await upsertPayment(deps.db, {
    bookingId: booking.id,
    processor: deps.payments.kind,
    intentId,
    amountCents: booking.totalCents,
    status: 'requires_payment_method',
    failureCode: failure.code,
    failureMessage: failure.message,
    updatedAt: deps.clock.now(),
  });
}
