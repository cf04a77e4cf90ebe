import { randomInt } from 'node:crypto';
import type { CreatePaymentIntentBody } from '../../../shared/contract/bookings';
import { formatCents, priceWithFee } from '../../../shared/domain/money';
import { makeReference } from '../../../shared/domain/reference';
import { BOOKING_WINDOW_DAYS, formatBookedTime, isScheduledStart } from '../../../shared/domain/slots';
import type { User } from '../../../shared/contract/auth';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { loadProviders } from '../catalog/catalog.repository';
import { enqueueEmail } from '../email/email.outbox';
import { bookingConfirmationEmail } from '../email/email.templates';
import { insertNotifications } from '../notifications/notifications.repository';
import type { PaymentProcessor } from '../payments/payments.processor';
import { bookingErrors } from './bookings.errors';
import { priceService } from './bookings.pricing';
import {
  attachIntent,
  type BookingRow,
  expireStaleHolds,
  findBookingByIntent,
  findLiveHold,
  findProviderBasics,
  insertBooking,
  isUniqueViolation,
  markPaymentRefunded,
  updateBooking,
  upsertPayment,
} from './bookings.repository';

export type BookingDeps = { db: Database; clock: Clock; env: Env; payments: PaymentProcessor };

/** An unpaid booking holds its slot this long. */
export const HOLD_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

const newReference = () => makeReference((n) => Array.from({ length: n }, () => randomInt(0, 1_000_000)));

/**
 * Creates the booking (awaiting payment, holding its slot for ten minutes) and its payment intent.
 * The price comes from the provider's stored prices; the database's unique index decides races.
 */
export async function createHold(deps: BookingDeps, user: User, body: CreatePaymentIntentBody) {
  const { db, clock, payments } = deps;
  const now = clock.now();
  const [provider] = await loadProviders(db, [Number(body.providerId)]);
  if (!provider) throw bookingErrors.providerNotFound();
  const serviceDate = new Date(body.serviceDate);
  if (serviceDate.getTime() <= now.getTime()) throw bookingErrors.slotInPast();
  if (serviceDate.getTime() > now.getTime() + (BOOKING_WINDOW_DAYS + 1) * DAY_MS)
    throw bookingErrors.slotTooFar();
  if (!isScheduledStart(provider.schedule, serviceDate, provider.timeZone))
    throw bookingErrors.slotOffSchedule();
  const service = priceService(provider, { serviceId: body.serviceId, serviceTitle: body.serviceTitle });
  const amounts = priceWithFee(service.priceCents);

  // Pressing Pay Now twice keeps the same hold and the same payment.
  let booking: BookingRow | undefined = await findLiveHold(db, {
    customerId: user.id,
    providerId: provider.id,
    serviceDate,
    now,
  });
  if (!booking) {
    try {
      booking = await db.transaction(async (tx) => {
        await expireStaleHolds(tx, { providerId: provider.id, serviceDate, now });
        return insertBooking(tx, {
          reference: newReference(),
          customerId: user.id,
          providerId: provider.id,
          serviceId: service.serviceId,
          serviceTitle: service.title,
          serviceDate,
          durationMinutes: service.durationMinutes,
          customerName: String(body.customerName).trim(),
          customerEmail: String(body.customerEmail).trim(),
          customerPhone: body.customerPhone ? String(body.customerPhone).trim() : null,
          notes: body.notes ? String(body.notes).trim() : null,
          location: provider.location,
          priceCents: amounts.priceCents,
          feeCents: amounts.feeCents,
          totalCents: amounts.totalCents,
          status: 'awaiting_payment',
          paymentStatus: 'pending',
          holdExpiresAt: new Date(now.getTime() + HOLD_MS),
          createdAt: now,
          updatedAt: now,
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Pay Now pressed twice at once: the other request created this customer's hold a moment ago.
      booking = await findLiveHold(db, { customerId: user.id, providerId: provider.id, serviceDate, now });
      if (!booking) throw bookingErrors.slotTaken();
    }
  }

  let intent: Awaited<ReturnType<PaymentProcessor['createIntent']>>;
  try {
    intent = await payments.createIntent({
      amountCents: booking.totalCents,
      currency: 'CAD',
      idempotencyKey: `booking-${booking.id}`,
      metadata: { bookingId: String(booking.id), reference: booking.reference },
      receiptEmail: booking.customerEmail,
    });
  } catch {
    // No payment could be started: give the slot back at once.
    await updateBooking(db, booking.id, { status: 'expired', updatedAt: clock.now() });
    throw bookingErrors.paymentsUnavailable();
  }
  if (booking.paymentIntentId !== intent.id) {
    await db.transaction(async (tx) => {
      await attachIntent(tx, booking.id, intent.id, now);
      await upsertPayment(tx, {
        bookingId: booking.id,
        processor: payments.kind,
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        amountCents: intent.amountCents,
        status: intent.status,
        createdAt: now,
        updatedAt: now,
      });
    });
  }
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    bookingId: booking.id,
    reference: booking.reference,
    amount: booking.totalCents,
    priceCents: booking.priceCents,
    feeCents: booking.feeCents,
    currency: 'CAD',
    holdExpiresAt: booking.holdExpiresAt!.toISOString(),
    processor: payments.kind,
    publishableKey: payments.publishableKey,
  };
}

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
  const now = deps.clock.now();
  if (booking.status !== 'awaiting_payment' || (booking.holdExpiresAt && booking.holdExpiresAt <= now)) {
    // The hold ran out before paying: take the slot again if nobody else has, otherwise stop before charging.
    await retakeSlot(deps, booking);
  }
  const result = await deps.payments.confirmIntent({
    intentId: input.paymentIntentId,
    paymentMethodId: input.paymentMethodId,
  });
  // Fault-injection point for the crash test: die after the processor took the money, before the booking knows.
  if (result.status === 'succeeded' && process.env.TRILLIUM_FAILPOINT === 'crash-after-payment')
    process.kill(process.pid, 'SIGKILL');
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
  const finalized = await finalizePaidBooking(deps, input.paymentIntentId);
  return { ok: true, bookingId: finalized.id, reference: finalized.reference };
}

async function retakeSlot(deps: BookingDeps, booking: BookingRow) {
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      await expireStaleHolds(tx, { providerId: booking.providerId, serviceDate: booking.serviceDate, now });
      await updateBooking(tx, booking.id, {
        status: 'awaiting_payment',
        holdExpiresAt: new Date(now.getTime() + HOLD_MS),
        updatedAt: now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw bookingErrors.holdExpired();
    throw error;
  }
}

/**
 * Marks the booking of a succeeded payment confirmed, e-mails the customer and notifies both sides,
 * in one transaction. Safe to call any number of times, from the browser's confirmation, a webhook
 * or the reconciliation job: only the first call changes anything. A payment that arrives after its
 * hold was lost to someone else is refunded in full, once.
 */
export async function finalizePaidBooking(deps: BookingDeps, intentId: string): Promise<BookingRow> {
  const { db, clock, env } = deps;
  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const booking = await findBookingByIntent(tx, intentId, { forUpdate: true });
    if (!booking) throw bookingErrors.notFound();
    if (booking.paymentStatus === 'confirmed' || booking.paymentStatus === 'refunded')
      return { booking, changed: false, lost: false };
    if (booking.status === 'cancelled') {
      // Paid after it was cancelled (an admin cancelled the hold meanwhile): nothing to provide, so refund.
      const cancelled = await updateBooking(tx, booking.id, { paymentStatus: 'refunded', updatedAt: now });
      return { booking: cancelled, changed: false, lost: true };
    }
    let confirmed: BookingRow;
    try {
      confirmed = await tx.transaction(async (savepoint) => {
        if (booking.status === 'expired' || booking.status === 'awaiting_payment') {
          await expireStaleHolds(savepoint, {
            providerId: booking.providerId,
            serviceDate: booking.serviceDate,
            now,
          });
        }
        return updateBooking(savepoint, booking.id, {
          status: 'confirmed',
          paymentStatus: 'confirmed',
          holdExpiresAt: null,
          confirmedAt: now,
          updatedAt: now,
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Someone else holds the slot now: the payment must go back.
      const lost = await updateBooking(tx, booking.id, {
        status: 'expired',
        paymentStatus: 'refunded',
        updatedAt: now,
      });
      return { booking: lost, changed: false, lost: true };
    }
    await upsertPayment(tx, {
      bookingId: booking.id,
      processor: deps.payments.kind,
      intentId,
      amountCents: booking.totalCents,
      status: 'succeeded',
      updatedAt: now,
    });
    const provider = await findProviderBasics(tx, booking.providerId);
    const providerName = provider?.name ?? 'your provider';
    await enqueueEmail(
      tx,
      {
        to: booking.customerEmail,
        kind: 'booking_confirmation',
        ...bookingConfirmationEmail({
          publicUrl: env.PUBLIC_URL,
          booking: {
            customerName: booking.customerName,
            serviceName: booking.serviceTitle,
            providerName,
            startsAt: booking.serviceDate,
            amountCents: booking.totalCents,
            reference: booking.reference,
          },
        }),
      },
      { now },
    );
    const when = formatBookedTime(booking.serviceDate);
    const items = [];
    if (booking.customerId) {
      items.push(
        {
          userId: booking.customerId,
          type: 'booking' as const,
          title: 'Booking confirmed',
          message: `${booking.serviceTitle} with ${providerName} on ${when}. Reference ${booking.reference}.`,
          linkUrl: '/bookings',
          now,
        },
        {
          userId: booking.customerId,
          type: 'payment' as const,
          title: 'Payment received',
          message: `We received your payment of ${formatCents(booking.totalCents)} for ${booking.serviceTitle}.`,
          linkUrl: '/bookings',
          now,
        },
      );
    }
    if (provider?.ownerUserId) {
      items.push({
        userId: provider.ownerUserId,
        type: 'booking' as const,
        title: 'New booking',
        message: `${booking.customerName} booked ${booking.serviceTitle} on ${when}. Reference ${booking.reference}.`,
        linkUrl: '/partner-dashboard',
        now,
      });
    }
    await insertNotifications(tx, items);
    return { booking: confirmed, changed: true, lost: false };
  });
  if (outcome.lost) {
    await deps.payments.refund({
      intentId,
      amountCents: outcome.booking.totalCents,
      idempotencyKey: `refund-lost-hold-${outcome.booking.id}`,
    });
    await markPaymentRefunded(db, intentId, outcome.booking.totalCents, clock.now());
  }
  return outcome.booking;
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
