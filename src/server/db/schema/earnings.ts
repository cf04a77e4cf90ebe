import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { providers } from './catalog';

/**
 * The accounts of the earnings ledger (docs/decisions/014-earnings-ledger-and-payouts.md):
 * `processor` is the money the card processor holds for Trillium, `partner` what Trillium owes a
 * partner (one per provider), `platform_fee` Trillium's fee income, `hst_payable` the HST on that fee
 * Trillium remits, `promotions` the discounts Trillium pays for, `payouts` the money sent to partners.
 */
export const LEDGER_ACCOUNTS = [
  'processor',
  'partner',
  'platform_fee',
  'hst_payable',
  'promotions',
  'payouts',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** What caused the entries. */
export const LEDGER_EVENT_KINDS = ['payment', 'refund', 'payout', 'payout_returned'] as const;
export type LedgerEventKind = (typeof LEDGER_EVENT_KINDS)[number];

/**
 * Double-entry ledger lines in integer cents, written in the transaction of their cause. The lines of
 * one event (`event_key`) add up to zero, so every booking's do too. A line is never changed or
 * deleted: a refund or a failed payout writes lines of its own. `(event_key, line)` is unique, so an
 * event replayed writes nothing more.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventKey: text('event_key').notNull(),
    line: integer('line').notNull(),
    kind: text('kind', { enum: LEDGER_EVENT_KINDS }).notNull(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** The partner's listing, on `partner` lines. */
    providerId: integer('provider_id').references(() => providers.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    payoutId: integer('payout_id').references(() => payouts.id),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_event_line_unique').on(t.eventKey, t.line),
    index('ledger_entries_booking_idx').on(t.bookingId),
    index('ledger_entries_provider_idx')
      .on(t.providerId, t.bookingId)
      .where(sql`${t.providerId} is not null`),
    index('ledger_entries_created_idx').on(t.createdAt),
    check(
      'ledger_entries_partner_has_provider',
      sql`(${t.account} = 'partner') = (${t.providerId} is not null)`,
    ),
  ],
);

export const PAYOUT_STATES = ['pending', 'paid', 'failed'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/**
 * A partner's payout: the available balance of one run, sent by the payout processor (sandbox or
 * Stripe Connect). A failed one gives its money back to the balance (ledger lines `payout_returned`).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('CAD'),
    state: text('state', { enum: PAYOUT_STATES }).notNull().default('pending'),
    processor: text('processor', { enum: ['sandbox', 'stripe'] }).notNull(),
    /** Sending attempts (a retry after a failure is a new attempt with its own idempotency key). */
    attempt: integer('attempt').notNull().default(1),
    externalId: text('external_id'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('payouts_provider_idx').on(t.providerId, t.createdAt),
    index('payouts_state_idx').on(t.state, t.createdAt),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** The bookings a payout covers and how much of each (a later refund may make one negative). */
export const payoutItems = pgTable(
  'payout_items',
  {
    payoutId: integer('payout_id')
      .notNull()
      .references(() => payouts.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.payoutId, t.bookingId] }),
    index('payout_items_booking_idx').on(t.bookingId),
  ],
);

export const PAYOUT_ACCOUNT_STATES = ['details_needed', 'enabled'] as const;

/**
 * A partner's Stripe Connect Express account (payouts by Stripe): created when they first press "Set up
 * payouts", kept up to date by `account.updated` webhooks (and read again when the partner looks).
 */
export const payoutAccounts = pgTable('payout_accounts', {
  providerId: integer('provider_id')
    .primaryKey()
    .references(() => providers.id),
  accountId: text('account_id').notNull().unique(),
  state: text('state', { enum: PAYOUT_ACCOUNT_STATES }).notNull().default('details_needed'),
  /** The last failed payout from the account to the bank (`payout.failed`), until one is paid. */
  lastPayoutFailure: text('last_payout_failure'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * What CRA platform reporting (Part XX of the Income Tax Act) needs of each seller: the legal name (a
 * person's or the business's, never a SIN), the business number when there is one, and the address.
 */
export const sellerTaxDetails = pgTable(
  'seller_tax_details',
  {
    providerId: integer('provider_id')
      .primaryKey()
      .references(() => providers.id),
    legalName: text('legal_name').notNull(),
    /** The 9-digit CRA business number, or null for a person without one. */
    businessNumber: text('business_number'),
    street: text('street').notNull(),
    unit: text('unit'),
    city: text('city').notNull(),
    province: text('province').notNull(),
    postalCode: text('postal_code').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('seller_tax_details_bn', sql`${t.businessNumber} is null or ${t.businessNumber} ~ '^[0-9]{9}$'`),
  ],
);
