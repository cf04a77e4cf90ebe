import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CONSENT_SOURCES, CONSENT_TOPICS } from '../../../shared/contract/privacy';
import { promotions } from './content';
import { users } from './users';

export type ConsentTopic = (typeof CONSENT_TOPICS)[number];
/** Where a change of consent came from (docs/product.md §15). */
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * Every change of a person's marketing consent, with when and where it was made: the proof CASL asks
 * a sender to keep. Erased with the account.
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic', { enum: CONSENT_TOPICS }).notNull(),
    granted: boolean('granted').notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('consent_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Secrets the server makes for itself on first use (the key that signs unsubscribe links), shared by
 * every process through the database, so nothing has to be configured and no default is guessable.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each promotional e-mail an admin sent to the people who opted in: what, by whom, to how many. */
export const promotionalEmails = pgTable(
  'promotional_emails',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recipientCount: integer('recipient_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('promotional_emails_created_idx').on(t.createdAt)],
);
