import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { DISCOUNT_TYPES } from '../../../shared/domain/promo-codes';
import { bookings } from './bookings';
import { users } from './users';

/**
 * A condition an outbox message must still meet when it is sent (email_outbox.send_if): a booking's
 * reminder (still confirmed, at that time, not too late), or a promotion (its person still consents).
 */
export type EmailSendCondition =
  | { reminder: { bookingId: number; lead: string; startsAt: string } }
  | { promotional: { userId: number } };

export { DISCOUNT_TYPES } from '../../../shared/domain/promo-codes';

/**
 * Promotions (docs/product.md §7): shown on /promotions between their dates while active; one with a
 * code takes a percentage or a fixed amount off the service price of a booking, when the booking meets
 * its minimum spend, categories and cities, within its total and per-customer limits.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    linkUrl: text('link_url').notNull().default('/services'),
    /** Upper case; unique among promotions. */
    code: text('code'),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }),
    /** A percentage (1 to 100) or cents off the service price. */
    discountValue: integer('discount_value'),
    /** The least service price (cents) the code applies to. */
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    /** Only these categories (none: every category). */
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Only providers in these city slugs (none: everywhere). */
    cities: text('cities').array().notNull().default(sql`'{}'::text[]`),
    /** Uses in all (paid bookings, and holds still waiting for their payment); null: no limit. */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotions_active_dates_idx').on(t.isActive, t.endDate),
    uniqueIndex('promotions_code_unique').on(t.code),
    // A discount is a type and a value together; codes are upper case. (A code without a discount, from
    // before codes were real, is refused at checkout until an admin gives it one.)
    check(
      'promotions_code_discount',
      sql`(${t.discountType} is null) = (${t.discountValue} is null) and (${t.code} is null or ${t.code} = upper(${t.code}))`,
    ),
    check(
      'promotions_discount_value',
      sql`${t.discountValue} is null or (${t.discountValue} > 0 and (${t.discountType} <> 'percent' or ${t.discountValue} <= 100))`,
    ),
    check('promotions_dates', sql`${t.endDate} > ${t.startDate}`),
    check(
      'promotions_limits',
      sql`${t.minSpendCents} >= 0 and (${t.maxUses} is null or ${t.maxUses} > 0) and (${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} > 0)`,
    ),
  ],
);

export const REDEMPTION_STATUSES = ['held', 'used', 'released', 'returned'] as const;

/**
 * One booking's use of a promo code. `held` while its hold waits for the payment (so two customers can
 * never both pay with the last use), `used` once the payment succeeds, `released` when that payment
 * can no longer happen (voided, or refunded because the time was lost), `returned` when the booking is
 * cancelled with a full refund. The limits count `held` and `used`.
 */
export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    discountCents: integer('discount_cents').notNull(),
    status: text('status', { enum: REDEMPTION_STATUSES }).notNull().default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('promotion_redemptions_booking_unique').on(t.bookingId),
    index('promotion_redemptions_counted_idx')
      .on(t.promotionId, t.customerId)
      .where(sql`${t.status} in ('held', 'used')`),
  ],
);

export const ANNOUNCEMENT_TYPES = ['update', 'important', 'info'] as const;

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    type: text('type', { enum: ANNOUNCEMENT_TYPES }).notNull().default('info'),
    /** Shown from this instant on (a future one schedules it). */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    readMoreUrl: text('read_more_url'),
    /** An admin may take it down without deleting it. */
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_published_idx').on(t.publishedAt.desc())],
);

export const NOTIFICATION_TYPES = ['booking', 'payment', 'update', 'system'] as const;

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    linkUrl: text('link_url'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc())],
);

export const supportRequests = pgTable('support_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  subject: text('subject').notNull(),
  category: text('category').notNull(),
  message: text('message').notNull(),
  userEmail: text('user_email').notNull(),
  userName: text('user_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every e-mail is written here first, in the same transaction as its cause, then delivered. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    kind: text('kind').notNull(),
    /**
     * Files sent with the message (a booking's calendar entry): name, MIME type, content; or what the
     * worker draws when it sends the message (a receipt or a credit note, email.transport.ts).
     */
    attachments: jsonb('attachments')
      .$type<
        (
          | { filename: string; contentType: string; content: string; encoding?: 'base64' }
          | { draw: 'receipt'; bookingId: number; locale?: 'en' | 'fr' }
          | { draw: 'credit_note'; refundId: number; locale?: 'en' | 'fr' }
        )[]
      >()
      .notNull()
      .default([]),
    /** Extra header lines for the message (a promotional e-mail's List-Unsubscribe and List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /**
     * The message of an account being deleted (docs/product.md §15): its address, subject and body are
     * erased once it is sent, so nothing of the person stays in the outbox.
     */
    eraseAfterSend: boolean('erase_after_send').notNull().default(false),
    /**
     * The account that had the address when the message was written (none: no account had it). A
     * person's data export lists their messages by this, not by the address, which someone else may
     * have taken since (docs/product.md §15). No foreign key: a deleted account's messages are erased
     * by address.
     */
    userId: integer('user_id'),
    /**
     * What must still hold when the message leaves (a booking's reminder: still confirmed, at that time,
     * not too late), since an SMTP outage may delay it by hours; checked by the worker (email.worker.ts).
     * A message that no longer makes sense is `skipped`, with the reason in `last_error`.
     */
    sendIf: jsonb('send_if').$type<EmailSendCondition>(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_user_idx').on(t.userId),
  ],
);
