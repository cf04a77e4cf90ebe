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

export const USER_ROLES = ['user', 'partner', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export type NotificationPreferences = { email: boolean; sms: boolean; promotional: boolean };

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    // As typed. Also indexed by its last ten digits (migration 0031, sms.repository.ts phoneDigitsAre).
    phone: text('phone'),
    street: text('street'),
    unit: text('unit'),
    city: text('city'),
    province: text('province'),
    postalCode: text('postal_code'),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The secret of this account's calendar feed (`/api/calendar/{token}.ics`); null until asked for. */
    calendarToken: text('calendar_token'),
    preferences: jsonb('preferences')
      .$type<NotificationPreferences>()
      .notNull()
      .default({ email: true, sms: true, promotional: false }),
    /** The language of the person's screens after sign-in and of their e-mails (`en`, `fr`). */
    language: text('language', { enum: ['en', 'fr'] })
      .notNull()
      .default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_calendar_token_unique').on(t.calendarToken),
    check('users_language_known', sql`${t.language} in ('en', 'fr')`),
  ],
);

/** Server-side sessions: the cookie holds a random id, the table holds its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const EMAIL_TOKEN_PURPOSES = [
  'password_reset',
  'email_verification',
  /** Sent to the new address: opening it makes the change. */
  'email_change',
  /** Sent to the old address: "this wasn't me" cancels the change and signs every session out. */
  'email_change_revert',
] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** Single-use tokens sent by e-mail (password reset, e-mail verification), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For an e-mail change: the new address, which takes effect when its link is opened. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_unique').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Sign-in attempts not known to have succeeded (a row is written before the password is checked and
 * removed when it was right), for throttling that every server process shares.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    emailKey: text('email_key').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.emailKey, t.createdAt),
    index('login_attempts_pair_idx').on(t.emailKey, t.ip, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Numbers that replied STOP to our texts (E.164), whoever's account they are on or were: no text goes
 * to one until it replies START (docs/product.md §10). Kept when an account is deleted: the number's
 * owner asked not to be texted, and that outlives the account.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull(),
});
