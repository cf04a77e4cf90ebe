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
import { providerServices, providers } from './catalog';
import { users } from './users';

export const BOOKING_STATUSES = [
  'awaiting_payment',
  'confirmed',
  'completed',
  'cancelled',
  'expired',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'confirmed', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

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
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    notes: text('notes'),
    location: text('location'),
    priceCents: integer('price_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('CAD'),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('awaiting_payment'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    paymentIntentId: text('payment_intent_id'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_reference_unique').on(t.reference),
    uniqueIndex('bookings_payment_intent_unique').on(t.paymentIntentId),
    /** No double booking: one live booking per provider and start time (DECISIONS 7). */
    uniqueIndex('bookings_provider_slot_unique')
      .on(t.providerId, t.serviceDate)
      .where(sql`${t.status} in ('awaiting_payment', 'confirmed', 'completed')`),
    index('bookings_customer_idx').on(t.customerId, t.serviceDate),
    index('bookings_provider_date_idx').on(t.providerId, t.serviceDate),
    index('bookings_hold_expiry_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'awaiting_payment'`),
    check(
      'bookings_amounts',
      sql`${t.priceCents} >= 0 and ${t.feeCents} >= 0 and ${t.totalCents} = ${t.priceCents} + ${t.feeCents}`,
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
