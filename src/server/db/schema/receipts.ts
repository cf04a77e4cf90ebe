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
import type { MoneyLine } from '../../../shared/domain/price-lines';
import { bookings, refunds } from './bookings';

export const RECEIPT_KINDS = ['receipt', 'credit_note'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/**
 * The last number given to each kind of document. A number is taken in the transaction that issues
 * the document (the payment's, the refund's), by an update of this row: the row lock serialises
 * concurrent payments and a rolled-back transaction gives its number back, so numbers have no gaps.
 */
export const documentNumbers = pgTable('document_numbers', {
  kind: text('kind', { enum: RECEIPT_KINDS }).primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * Receipts and credit notes (docs/product.md §7): one receipt per paid booking, issued in the payment's
 * transaction, and one credit note per refund of it. Each keeps what it printed about the parties and
 * the money as issued, so a later change of a name, an HST number or a rate never rewrites it; the PDF
 * is drawn again from this row whenever it is downloaded.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: RECEIPT_KINDS }).notNull(),
    /** Sequential per kind, without gaps (document_numbers). */
    number: integer('number').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** A credit note's refund. */
    refundId: integer('refund_id').references(() => refunds.id),
    /** A credit note's receipt. */
    receiptId: integer('receipt_id'),
    /** The lines printed: a receipt's as charged, a credit note's as refunded. */
    lines: jsonb('lines').$type<MoneyLine[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Trillium as it was named on the document (legal name, postal address, HST number). */
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    sellerHstNumber: text('seller_hst_number').notNull(),
    /** The partner's business and HST number (when registered) at the time. */
    partnerName: text('partner_name').notNull(),
    partnerHstNumber: text('partner_hst_number'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('receipts_kind_number_unique').on(t.kind, t.number),
    uniqueIndex('receipts_one_per_booking').on(t.bookingId).where(sql`${t.kind} = 'receipt'`),
    uniqueIndex('receipts_one_per_refund').on(t.refundId),
    index('receipts_booking_idx').on(t.bookingId, t.kind),
    check('receipts_number_positive', sql`${t.number} > 0`),
    check(
      'receipts_credit_note_refund',
      sql`(${t.kind} = 'receipt') = (${t.refundId} is null and ${t.receiptId} is null)`,
    ),
  ],
);
