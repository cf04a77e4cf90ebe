import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REVIEW_DECISIONS } from '../../../shared/contract/reviews';
import { reviews } from './catalog';
import { users } from './users';

/** docs/product.md §8: the partner's one public reply to a review of their listing (editable). */
export const reviewReplies = pgTable('review_replies', {
  reviewId: integer('review_id')
    .primaryKey()
    .references(() => reviews.id, { onDelete: 'cascade' }),
  authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Reports of a review by signed-in people: one per person and review (a second report counts once).
 * A report is open until an admin decides on the review (`resolved_at`).
 */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_reports_review_user_unique').on(t.reviewId, t.userId),
    index('review_reports_open_idx').on(t.reviewId).where(sql`${t.resolvedAt} is null`),
  ],
);

/** Every moderation decision, with the admin who made it, when, and why (kept when the admin leaves). */
export const reviewModerationEvents = pgTable(
  'review_moderation_events',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    adminUserId: integer('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin's name when deciding: the record still says who after the account is gone. */
    adminName: text('admin_name').notNull(),
    decision: text('decision', { enum: REVIEW_DECISIONS }).notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('review_moderation_events_review_idx').on(t.reviewId, t.createdAt)],
);

/**
 * Review photos, re-encoded as WebP (at most 1600 px, no EXIF) and stored through the file storage.
 * Uploaded first, then claimed by the review that names them; unclaimed ones are removed after a day.
 */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    filename: text('filename').notNull(),
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('review_photos_filename_unique').on(t.filename),
    index('review_photos_review_idx').on(t.reviewId, t.position),
    index('review_photos_unclaimed_idx').on(t.createdAt).where(sql`${t.reviewId} is null`),
  ],
);
