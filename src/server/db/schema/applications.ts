import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories, providers } from './catalog';
import { users } from './users';

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'clarification_needed'] as const;

export type PriceCatalogItem = {
  serviceName: string;
  price: string;
  description?: string | null;
  duration?: string | null;
};

export const providerApplications = pgTable(
  'provider_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    businessName: text('business_name').notNull(),
    businessNumber: text('business_number'),
    googleBusinessUrl: text('google_business_url'),
    city: text('city').notNull(),
    province: text('province').notNull().default('on'),
    servicesDescription: text('services_description').notNull(),
    operatingDays: jsonb('operating_days').$type<string[]>().notNull(),
    operatingHours: text('operating_hours').notNull(),
    documents: jsonb('documents').$type<string[]>().notNull().default([]),
    priceCatalog: jsonb('price_catalog').$type<PriceCatalogItem[]>().notNull().default([]),
    hasPriceList: boolean('has_price_list').notNull().default(false),
    priceListFile: text('price_list_file'),
    profileImage: text('profile_image'),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    adminNotes: text('admin_notes'),
    categoryId: integer('category_id').references(() => categories.id),
    providerId: integer('provider_id').references(() => providers.id),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_applications_status_idx').on(t.status, t.createdAt),
    index('provider_applications_user_idx').on(t.userId),
  ],
);

/** Uploaded files: the stored name is the only handle clients see. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    filename: text('filename').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    kind: text('kind', { enum: ['document', 'price_list', 'profile_image', 'provider_photo'] }).notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    applicationId: integer('application_id').references(() => providerApplications.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_filename_unique').on(t.filename),
    index('documents_application_idx').on(t.applicationId),
  ],
);

/**
 * What an admin asked an applicant (status clarification_needed) and the applicant's answer, in order:
 * the whole exchange the admin's review dialog shows.
 */
export const applicationRequests = pgTable(
  'application_requests',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => providerApplications.id, { onDelete: 'cascade' }),
    needed: text('needed').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    askedByUserId: integer('asked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Stored file names of the documents sent with the answer. */
    documents: jsonb('documents').$type<string[]>().notNull().default([]),
  },
  (t) => [index('application_requests_application_idx').on(t.applicationId, t.askedAt)],
);

/**
 * Files in the uploads folder that no row names (a server killed between writing a file and recording
 * it; a half-written `.part`), with when the sweep first saw them: one still nameless a day later is
 * removed (modules/applications/stray-files.ts). Times come from the app's clock, not the file system.
 */
export const strayFiles = pgTable('stray_files', {
  filename: text('filename').primaryKey(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  /**
   * How many sweeps found it nameless: a day on the clock is not enough alone, since a clock that jumps
   * (a laptop asleep) can make a day pass within one upload.
   */
  sightings: integer('sightings').notNull().default(1),
});
