import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { bookings } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { formatBookedTime } from '../../../shared/domain/slots';
import { type BookingRow, findProviderBasics, markPaymentRefunded } from '../bookings/bookings.repository';
import { finalizePaidBooking } from '../bookings/bookings.settlement';
import { enqueueEmail } from '../email/email.outbox';
import { bookingCancelledEmail } from '../email/email.templates';
import { insertNotifications } from '../notifications/notifications.repository';
import type { PaymentProcessor } from '../payments/payments.processor';

/** Booking transitions made from the back office (admin and partner dashboards). */

export type BookingActionDeps = { db: Database; clock: Clock; env: Env; payments: PaymentProcessor };

export const bookingActionErrors = {
  notCancellable: (status: string) =>
    new AppError(
      409,
      'bookings.not_cancellable',
      `This booking is ${status.replace('_', ' ')} and can no longer be cancelled.`,
    ),
  notAwaitingPayment: (status: string) =>
    new AppError(
      409,
      'bookings.not_awaiting_payment',
      `Only a booking awaiting payment can be confirmed; this one is ${status.replace('_', ' ')}.`,
    ),
  paymentNotReceived: () =>
    new AppError(
      409,
      'bookings.payment_not_received',
      'The card payment for this booking has not succeeded, so it cannot be confirmed. Cancel it or wait for the customer to pay.',
    ),
  notConfirmed: () =>
    new AppError(409, 'bookings.not_confirmed', 'Only a confirmed booking can be marked completed.'),
  notStarted: () =>
    new AppError(
      409,
      'bookings.not_started',
      'A booking can be marked completed once its start time has passed.',
    ),
  refundFailed: () =>
    new AppError(
      502,
      'payments.refund_failed',
      'The refund could not be made, so the booking was not cancelled. Please try again.',
    ),
};

export async function findBookingById(db: Executor, id: number): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row;
}

const CANCELLABLE = new Set(['awaiting_payment', 'confirmed']);

/**
 * Cancels a booking awaiting payment or confirmed, which frees its slot. A paid booking is refunded in
 * full first (the processor's idempotency key makes a retry refund once); the customer is e-mailed
 * and notified in the same transaction as the change.
 */
export async function cancelBooking(
  deps: BookingActionDeps,
  booking: BookingRow,
  by: 'admin' | 'partner',
): Promise<BookingRow> {
  if (!CANCELLABLE.has(booking.status)) throw bookingActionErrors.notCancellable(booking.status);
  let paid = booking.paymentStatus === 'confirmed' && booking.paymentIntentId !== null;
  if (!paid && booking.status === 'awaiting_payment' && booking.paymentIntentId) {
    // Charged, but the confirmation never reached us: that money goes back too.
    const intent = await deps.payments.retrieveIntent(booking.paymentIntentId);
    paid = intent?.status === 'succeeded';
  }
  if (paid) {
    try {
      await deps.payments.refund({
        intentId: booking.paymentIntentId!,
        amountCents: booking.totalCents,
        idempotencyKey: `refund-cancel-${booking.id}`,
      });
    } catch {
      throw bookingActionErrors.refundFailed();
    }
  }
  const now = deps.clock.now();
  const refundCents = paid ? booking.totalCents : 0;
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for('update');
    if (!current) throw bookingActionErrors.notCancellable('gone');
    if (current.status === 'cancelled') return current;
    if (!CANCELLABLE.has(current.status)) throw bookingActionErrors.notCancellable(current.status);
    const [updated] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        paymentStatus: paid ? 'refunded' : current.paymentStatus,
        holdExpiresAt: null,
        cancelledAt: now,
        updatedAt: now,
      })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (paid) await markPaymentRefunded(tx, booking.paymentIntentId!, refundCents, now);
    const provider = await findProviderBasics(tx, booking.providerId);
    const providerName = provider?.name ?? 'your provider';
    // Only a booking someone paid for concerns the customer's money: an unpaid hold needs no e-mail.
    if (current.status === 'confirmed' || paid) {
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
    return updated!;
  });
}

/**
 * Confirm Payment: only for a booking awaiting payment whose card payment the processor reports as
 * succeeded (a webhook that never arrived); then the normal confirmation runs, e-mail included.
 */
export async function confirmBookingPayment(
  deps: BookingActionDeps,
  booking: BookingRow,
): Promise<BookingRow> {
  if (booking.status !== 'awaiting_payment' && booking.status !== 'expired')
    throw bookingActionErrors.notAwaitingPayment(booking.status);
  if (!booking.paymentIntentId) throw bookingActionErrors.paymentNotReceived();
  const intent = await deps.payments.retrieveIntent(booking.paymentIntentId);
  if (intent?.status !== 'succeeded') throw bookingActionErrors.paymentNotReceived();
  return finalizePaidBooking(deps, booking.paymentIntentId);
}

/** Completed: a confirmed booking whose start time has passed. */
export async function completeBooking(deps: BookingActionDeps, booking: BookingRow): Promise<BookingRow> {
  if (booking.status !== 'confirmed') throw bookingActionErrors.notConfirmed();
  const now = deps.clock.now();
  if (booking.serviceDate.getTime() > now.getTime()) throw bookingActionErrors.notStarted();
  const [updated] = await deps.db
    .update(bookings)
    .set({ status: 'completed', completedAt: now, updatedAt: now })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'confirmed')))
    .returning();
  if (!updated) throw bookingActionErrors.notConfirmed();
  return updated;
}
