import { randomInt } from 'node:crypto';
import type { User } from '../../../shared/contract/auth';
import type { CreatePaymentIntentBody } from '../../../shared/contract/bookings';
import { formatAddress } from '../../../shared/contract/address';
import { makeReference } from '../../../shared/domain/reference';
import type { AppDeps } from '../../app-deps';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { violatedConstraint } from '../../db/errors';
import { authErrors } from '../auth/auth.errors';
import type { Env } from '../../env';
import { catalogErrors } from '../catalog/catalog.errors';
import { enqueueJob } from '../jobs/jobs.repository';
import type { PaymentProcessor } from '../payments/payments.processor';
import { bookingErrors } from './bookings.errors';
import { VOID_HOLD_JOB } from './bookings.jobs';
import { priceHold, priceService } from './bookings.pricing';
import {
  attachIntent,
  type BookingRow,
  findProviderForBooking,
  holdInOneStatement,
  insertHold,
  NEW_HOLD,
  type NewHold,
  isSlotConflict,
  listLiveHoldsExpiringStale,
  lockForHold,
  releaseHolds,
  updateBooking,
} from './bookings.repository';
import { checkCodeForHold, takeUse, codeUseReleased } from '../promotions/promotions.usecases';
import { assertBookableStart } from './bookings.rules';
import { chargedLines } from './bookings.views.repository';

export type BookingDeps = {
  db: Database;
  clock: Clock;
  env: Env;
  payments: PaymentProcessor;
  /** For work whose failure must not stop a payment but must not vanish (a receipt's PDF). */
  log?: AppDeps['log'];
  /** Tests only: called right after the processor said a payment succeeded (the crash test kills the process there). */
  afterPaymentSucceeded?: () => void;
};

/** An unpaid booking holds its time this long. */
export const HOLD_MS = 10 * 60_000;
/** Unpaid holds one customer may keep at once across the site (docs/product.md, "Holds"). */
export const MAX_OPEN_HOLDS = 3;

const newReference = () => makeReference((n) => Array.from({ length: n }, () => randomInt(0, 1_000_000)));

/** Draws of a reference before a hold gives up; each meets a taken one 1 time in 729 million per booking. */
const REFERENCE_DRAWS = 5;

/**
 * Inserts a hold under a reference no other booking has. References are drawn at random from 729
 * million, so with a million bookings about one draw in 730 meets a taken one: it is drawn again, where
 * it used to fail the insert and answer "That time was just taken" for a free time.
 */
export async function insertHoldWithNewReference(
  tx: Executor,
  values: Omit<NewHold, 'reference'>,
  draw: () => string = newReference,
): Promise<BookingRow> {
  for (let attempt = 0; attempt < REFERENCE_DRAWS; attempt++) {
    const row = await insertHold(tx, { ...values, reference: draw() });
    if (row) return row;
  }
  throw new Error(`no free booking reference in ${REFERENCE_DRAWS} draws`);
}

/**
 * Releases unpaid holds (docs/product.md §6, the lifecycle's `release`): their time is free at once, a
 * promo code's use they held goes back (§7), and their payment is cancelled at the processor by the
 * queue, so it can never go through. For a hold replaced by another, and for the holds of an account
 * or a listing being deleted. A hold known to have taken no code (`promoCode: null`) costs no
 * statement for its use.
 */
export async function releaseUnpaidHolds(
  tx: Executor,
  holds: readonly { id: number; promoCode?: string | null }[],
  now: Date,
) {
  if (holds.length === 0) return;
  await releaseHolds(
    tx,
    holds.map((h) => h.id),
    now,
  );
  await codeUseReleased(
    tx,
    holds.filter((h) => h.promoCode !== null).map((h) => h.id),
    now,
  );
  for (const hold of holds) {
    await enqueueJob(tx, {
      kind: VOID_HOLD_JOB,
      key: `${VOID_HOLD_JOB}:${hold.id}`,
      payload: { bookingId: hold.id },
      runAt: now,
    });
  }
}

/**
 * Creates the booking (awaiting payment, holding its whole service time for ten minutes) and its
 * payment intent. The price comes from the provider's stored prices; the database's no-overlap
 * constraint decides races. One customer keeps at most one hold per provider (a new one releases the
 * older) and MAX_OPEN_HOLDS in all; asking again for the same time and service answers the same hold.
 * The common hold is one statement (holdInOneStatement); any other is decided in a transaction.
 */
export async function createHold(deps: BookingDeps, user: User, body: CreatePaymentIntentBody) {
  const { db, clock, payments } = deps;
  const now = clock.now();
  const serviceDate = new Date(body.serviceDate);
  const loaded = await findProviderForBooking(db, Number(body.providerId), serviceDate);
  if (!loaded) throw catalogErrors.providerNotFound();
  const { provider } = loaded;
  const service = priceService(provider, { serviceId: body.serviceId, serviceTitle: body.serviceTitle });
  const rules = assertBookableStart(loaded, serviceDate, service.durationMinutes, now);
  // The booking keeps the provider busy for the service and the buffer after it.
  const endsAt = new Date(serviceDate.getTime() + (service.durationMinutes + rules.bufferMinutes) * 60_000);
  const promoCode = body.promoCode ?? null;
  // Where the job happens: the customer's address (and a phone to reach them), or the provider's place.
  const atCustomer = service.deliveredAt === 'customer';
  const customerPhone = body.customerPhone ? String(body.customerPhone).trim() : null;
  if (atCustomer && !body.serviceAddress) throw bookingErrors.addressRequired();
  if (atCustomer && !customerPhone) throw bookingErrors.phoneRequired();
  const serviceAddress = atCustomer ? body.serviceAddress! : null;
  const location = serviceAddress
    ? formatAddress(serviceAddress)
    : provider.streetAddress
      ? `${provider.streetAddress}, ${provider.location}`
      : provider.location;

  // What the hold's row holds, priced with or without a code's discount.
  const holdOf = (
    amounts: ReturnType<typeof priceHold>,
    code: string | null,
  ): Omit<NewHold, 'reference'> => ({
    customerId: user.id,
    providerId: provider.id,
    serviceId: service.serviceId,
    serviceTitle: service.title,
    serviceDate,
    durationMinutes: service.durationMinutes,
    endsAt,
    customerName: String(body.customerName).trim(),
    customerEmail: String(body.customerEmail).trim(),
    customerPhone,
    notes: body.notes ? String(body.notes).trim() : null,
    deliveredAt: service.deliveredAt,
    // The policy shown before paying is the one the booking keeps (docs/product.md §9).
    cancellationPolicy: rules.policy,
    serviceAddress,
    location,
    priceCents: amounts.priceCents,
    discountCents: amounts.discountCents,
    feeCents: amounts.feeCents,
    taxCents: amounts.taxCents,
    totalCents: amounts.totalCents,
    lines: amounts.lines,
    promoCode: code,
    // The registration its HST lines are charged under: the receipt names it (decision 012).
    partnerHstNumber: loaded.hstNumber,
    ...NEW_HOLD,
    holdExpiresAt: new Date(now.getTime() + HOLD_MS),
    createdAt: now,
    updatedAt: now,
  });

  let booking: BookingRow;
  try {
    // The common hold (no code, nothing else held here) in one statement; any other the long way below
    // (decision 008, "A hold in one statement").
    const atOnce =
      promoCode === null
        ? await holdInOneStatement(
            db,
            { ...holdOf(priceHold(provider, service), null), reference: newReference() },
            { now, maxOpen: MAX_OPEN_HOLDS },
          )
        : undefined;
    booking =
      atOnce ??
      (await db.transaction(async (tx) => {
        // One provider's new holds, and one customer's, are decided one at a time (bookings.repository.ts).
        // An account deleted from another tab meanwhile: sign in, as the next request would be told.
        if (!(await lockForHold(tx, user.id, provider.id))) throw authErrors.signInRequired();
        // Stale holds overlapping the new time are expired in the same statement, so the insert below
        // finds their time free (they are never among the live ones read with them).
        const holds = await listLiveHoldsExpiringStale(tx, {
          customerId: user.id,
          providerId: provider.id,
          from: serviceDate,
          to: endsAt,
          now,
        });
        const same = holds.find(
          (h) =>
            h.providerId === provider.id &&
            h.serviceDate.getTime() === serviceDate.getTime() &&
            h.serviceId === service.serviceId &&
            h.serviceTitle === service.title &&
            h.promoCode === promoCode &&
            h.priceCents === service.priceCents &&
            // Priced the same now (the fee, the HST, the code's discount it already took).
            h.totalCents ===
              priceHold(provider, service, { cents: h.discountCents, code: h.promoCode }).totalCents,
        );
        // Pay Now again with corrected details (address, phone, notes): the same hold, updated.
        if (same)
          return updateBooking(tx, same.id, {
            customerPhone,
            notes: body.notes ? String(body.notes).trim() : null,
            serviceAddress,
            location,
            updatedAt: now,
          });
        const replaced = holds.filter((h) => h.providerId === provider.id);
        if (holds.length - replaced.length >= MAX_OPEN_HOLDS)
          throw bookingErrors.tooManyHolds(MAX_OPEN_HOLDS);
        const replacedIds = replaced.map((h) => h.id);
        // A code is checked on the server, under its promotion's lock; a refusal holds nothing (§7).
        const promo = promoCode
          ? await checkCodeForHold(tx, {
              code: promoCode,
              provider,
              servicePriceCents: service.priceCents,
              customerId: user.id,
              now,
              replacing: replacedIds,
            })
          : null;
        await releaseUnpaidHolds(tx, replaced, now);
        const amounts = priceHold(
          provider,
          service,
          promo ? { cents: promo.discountCents, code: promo.code } : undefined,
        );
        const created = await insertHoldWithNewReference(tx, holdOf(amounts, promo?.code ?? null));
        if (promo) await takeUse(tx, { ...promo, bookingId: created.id, customerId: user.id, now });
        return created;
      }));
  } catch (error) {
    if (isSlotConflict(error)) throw bookingErrors.slotTaken();
    // The partner removed the service while this hold was being made (read before its transaction).
    if (violatedConstraint(error) === 'bookings_service_id_provider_services_id_fk')
      throw bookingErrors.unknownService();
    throw error;
  }

  let intent: Awaited<ReturnType<PaymentProcessor['createIntent']>>;
  try {
    intent = await payments.createIntent({
      amountCents: booking.totalCents,
      currency: 'CAD',
      idempotencyKey: `booking-${booking.id}`,
      metadata: { bookingId: String(booking.id), reference: booking.reference },
      receiptEmail: booking.customerEmail,
      customerRef: String(user.id),
    });
  } catch (error) {
    // No payment could be started: give the time (and a code's use) back at once (the lifecycle's `release`).
    await releaseHolds(db, [booking.id], clock.now());
    await codeUseReleased(db, [booking.id], clock.now());
    throw bookingErrors.paymentsUnavailable(error);
  }
  if (booking.paymentIntentId !== intent.id) {
    const { held } = await attachIntent(db, {
      bookingId: booking.id,
      providerId: booking.providerId,
      processor: payments.kind,
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      amountCents: intent.amountCents,
      status: intent.status,
      createdAt: now,
      updatedAt: now,
    });
    if (!held) {
      // Released while the processor started its payment: the release's void job may have found no
      // intent yet, so this one is cancelled by a job of its own (docs/product.md §8).
      await enqueueJob(db, {
        kind: VOID_HOLD_JOB,
        key: `${VOID_HOLD_JOB}:${booking.id}:${intent.id}`,
        payload: { bookingId: booking.id },
        runAt: clock.now(),
      });
      throw bookingErrors.holdReleased();
    }
  }
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    bookingId: booking.id,
    referenceNumber: booking.reference,
    amount: booking.totalCents,
    lines: chargedLines(booking),
    promoCode: booking.promoCode,
    priceCents: booking.priceCents,
    feeCents: booking.feeCents,
    currency: 'CAD',
    holdExpiresAt: booking.holdExpiresAt!.toISOString(),
    processor: payments.kind,
    publishableKey: payments.publishableKey,
    cancellationPolicy: booking.cancellationPolicy,
    durationMinutes: booking.durationMinutes,
  };
}
