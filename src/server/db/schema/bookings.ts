import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  BOOKING_STATUSES,
  HISTORY_EVENT_KINDS,
  PAYMENT_STATUSES,
} from '../../../shared/domain/booking-lifecycle';
import { CANCELLATION_POLICIES } from '../../../shared/domain/cancellation-policy';
import { DELIVERY_PLACES } from '../../../shared/domain/delivery';
import type { MoneyLine } from '../../../shared/domain/price-lines';
import { providerServices, providers } from './catalog';
import { users } from './users';

export { BOOKING_STATUSES, PAYMENT_STATUSES } from '../../../shared/domain/booking-lifecycle';
export type { BookingStatus, PaymentStatus } from '../../../shared/domain/booking-lifecycle';

export type ServiceAddress = {
  street: string;
  unit: string | null;
  city: string;
  province: string;
  postalCode: string;
  accessNotes: string | null;
};

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    serviceId: integer('service_id').references(() => providerServices.id, { onDelete: 'set null' }),
    serviceTitle: text('service_title').notNull(),
    serviceDate: timestamp('service_date', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    /**
     * The end of the time this booking keeps the provider busy: its start plus the service's duration
     * and the provider's buffer. The exclusion constraint `bookings_provider_no_overlap` (migration
     * 0003, 0023) refuses two live bookings of one provider whose [service_date, ends_at) overlap
     * (LIVE_STATUSES).
     */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    notes: text('notes'),
    location: text('location'),
    /** Where the service happens, as it was when booked. */
    deliveredAt: text('delivered_at', { enum: DELIVERY_PLACES }).notNull().default('provider'),
    /** The policy in force when it was paid: a later change of the partner's never applies to it. */
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES })
      .notNull()
      .default('flexible'),
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    cancelledBy: text('cancelled_by', { enum: ['customer', 'partner', 'admin', 'system'] }),
    cancelReason: text('cancel_reason'),
    /** The customer's address for a service at their place (docs/product.md §5). */
    serviceAddress: jsonb('service_address').$type<ServiceAddress>(),
    /** The service price before any discount. */
    priceCents: integer('price_cents').notNull(),
    /** A promo code's discount on the service price (0 or more). */
    discountCents: integer('discount_cents').notNull().default(0),
    /** Trillium's service fee. */
    feeCents: integer('fee_cents').notNull(),
    /** HST on the service and on the fee. */
    taxCents: integer('tax_cents').notNull().default(0),
    /** What was charged: the sum of `lines`. */
    totalCents: integer('total_cents').notNull(),
    /**
     * The lines as charged (docs/product.md §7): service, discount, fee, HST, each in cents. A later
     * change of rates or of the partner's registration never rewrites them. Null only on a row written
     * without them (then: service and fee, no HST).
     */
    lines: jsonb('lines').$type<MoneyLine[]>(),
    /** The promo code applied (one per booking), as typed by the server. */
    promoCode: text('promo_code'),
    currency: text('currency').notNull().default('CAD'),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('awaiting_payment'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    paymentIntentId: text('payment_intent_id'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /**
     * When the hold was released rather than left to run out: the customer held another time at the
     * provider, its payment could not start, or the account or listing was deleted. Its payment is being
     * voided and can never be taken back (the lifecycle's `retake` refuses it).
     */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * When an admin settled its dispute (refunded, or completed): the decision is final, so neither side
     * can report or mark a no-show on it again (the lifecycle's `report_no_show`, `mark_no_show`).
     */
    disputeSettledAt: timestamp('dispute_settled_at', { withTimezone: true }),
    /**
     * The partner's HST registration when the booking was priced (none: not registered then), which its
     * HST lines were charged under: the receipt names it, whatever the listing says by the time it is
     * paid (docs/decisions/012-checkout-for-canada.md).
     */
    partnerHstNumber: text('partner_hst_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_reference_unique').on(t.reference),
    uniqueIndex('bookings_payment_intent_unique').on(t.paymentIntentId),
    index('bookings_customer_idx').on(t.customerId, t.serviceDate),
    index('bookings_customer_holds_idx')
      .on(t.customerId, t.providerId)
      .where(sql`${t.status} = 'awaiting_payment'`),
    index('bookings_unsettled_payment_idx')
      .on(t.id)
      .where(sql`${t.paymentStatus} = 'pending' and ${t.paymentIntentId} is not null`),
    index('bookings_provider_date_idx').on(t.providerId, t.serviceDate),
    index('bookings_hold_expiry_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'awaiting_payment'`),
    check(
      'bookings_amounts',
      sql`${t.priceCents} >= 0 and ${t.feeCents} >= 0 and ${t.taxCents} >= 0 and ${t.discountCents} >= 0 and ${t.discountCents} <= ${t.priceCents} and ${t.totalCents} = ${t.priceCents} - ${t.discountCents} + ${t.feeCents} + ${t.taxCents}`,
    ),
  ],
);

/** One row per payment intent, whichever processor (sandbox or Stripe) made it. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    processor: text('processor', { enum: ['sandbox', 'stripe'] }).notNull(),
    intentId: text('intent_id').notNull(),
    clientSecret: text('client_secret'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('CAD'),
    status: text('status').notNull(),
    paymentMethodId: text('payment_method_id'),
    /** The card that paid, as the processor reports it: printed on the receipt. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_intent_unique').on(t.intentId),
    index('payments_booking_idx').on(t.bookingId),
  ],
);

/** The built-in sandbox card processor's own records (test mode): tokenised cards and payment intents. */
export const sandboxCards = pgTable('sandbox_cards', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** What confirming a payment with this card does: succeeds, or fails with a decline code. */
  outcome: text('outcome', { enum: ['succeeded', 'card_declined', 'insufficient_funds'] }).notNull(),
  billingName: text('billing_name'),
  billingEmail: text('billing_email'),
  /** The account that tokenised the card: only that account's payments may use it. */
  customerRef: text('customer_ref'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxIntents = pgTable('sandbox_intents', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  clientSecret: text('client_secret').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] }).notNull(),
  paymentMethodId: text('payment_method_id'),
  lastErrorCode: text('last_error_code'),
  refundedCents: integer('refunded_cents').notNull().default(0),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  /** The account the payment is for (like Stripe's customer); its cards are the only ones accepted. */
  customerRef: text('customer_ref'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * Refunds owed and made. A refund is decided in the transaction that causes it (a payment that lost its
 * slot, a cancellation) and carried out by the job queue afterwards, so a processor that is away when
 * it is decided never loses it; the unique idempotency key makes each refund happen once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    intentId: text('intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The refund split across the booking's lines (they add up to `amount_cents`). */
    lines: jsonb('lines').$type<MoneyLine[]>(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_unique').on(t.idempotencyKey),
    index('refunds_booking_idx').on(t.bookingId),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export const BOOKING_EVENT_KINDS = [
  ...HISTORY_EVENT_KINDS,
  // Not shown in the customer's history: what the server sent about the booking.
  'reminded',
  'review_prompted',
] as const;
export type BookingEventKind = (typeof BOOKING_EVENT_KINDS)[number];

/** What happened to a booking and who did it: the history the customer and the back office read. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BOOKING_EVENT_KINDS }).notNull(),
    actor: text('actor', { enum: ['customer', 'partner', 'admin', 'system'] }).notNull(),
    /** Kind-specific facts: the old and new times, the refund in cents, the reason. */
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.at)],
);
