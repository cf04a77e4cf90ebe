import { boolean, index, integer, pgTable, serial, text, timestamp, jsonb } from 'drizzle-orm/pg-core';
import { users } from './users';

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    linkUrl: text('link_url').notNull().default('/services'),
    code: text('code'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promotions_active_dates_idx').on(t.isActive, t.endDate)],
);

export const ANNOUNCEMENT_TYPES = ['update', 'important', 'info'] as const;

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    type: text('type', { enum: ANNOUNCEMENT_TYPES }).notNull().default('info'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    readMoreUrl: text('read_more_url'),
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
    /** Files sent with the message (a booking's calendar entry): name, MIME type, UTF-8 text. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    /** Extra header lines for the message (a promotional e-mail's List-Unsubscribe and List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /**
     * The message of an account being deleted (docs/product.md §15): its address, subject and body are
     * erased once it is sent, so nothing of the person stays in the outbox.
     */
    eraseAfterSend: boolean('erase_after_send').notNull().default(false),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
