import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CANCELLATION_POLICIES } from '../../../shared/domain/cancellation-policy';
import { DELIVERY_PLACES } from '../../../shared/domain/delivery';
import { users } from './users';

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

export { DELIVERY_PLACES, type DeliveryPlace } from '../../../shared/domain/delivery';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  imageUrl: text('image_url'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Where this category's services happen unless a partner says otherwise. */
  defaultDeliveredAt: text('default_delivered_at', { enum: DELIVERY_PLACES }).notNull().default('provider'),
  /** Its services carry no HST even from a registered partner (child care: baby-sitting). */
  taxExempt: boolean('tax_exempt').notNull().default(false),
});

export const providers = pgTable(
  'providers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    isFeatured: boolean('is_featured').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Average review rating to one decimal; kept in step with `reviews` by a trigger. */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    reviewCount: integer('review_count').notNull().default(0),
    city: text('city').notNull(),
    citySlug: text('city_slug').notNull(),
    province: text('province').notNull().default('ON'),
    location: text('location').notNull(),
    /** The business's street address (optional), shown on bookings of services at the provider's place. */
    streetAddress: text('street_address'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    priceCents: integer('price_cents').notNull(),
    priceUnit: text('price_unit').notNull().default(''),
    timeZone: text('time_zone').notNull().default('America/Toronto'),
    /** The policy new bookings are paid under (docs/product.md §9); each booking keeps its own copy. */
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES })
      .notNull()
      .default('flexible'),
    /**
     * The partner's HST registration number (`123456782RT0001`), when they gave one: then 13% HST applies
     * to their services (unless the category is exempt) and their receipts print it (docs/product.md §7).
     */
    hstNumber: text('hst_number'),
    /** No start sooner than this is offered or accepted. */
    minimumNoticeHours: integer('minimum_notice_hours').notNull().default(2),
    /** Free time kept after each booking. */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    /**
     * The languages the partner serves customers in (`en`, `fr`, or both), as they declare on their
     * listing: a French-speaking listing gets the "Services en français" badge and the search filter.
     */
    serviceLanguages: text('service_languages').array().notNull().default(sql`'{en}'::text[]`),
    /** Lower-cased name, category and service names: the short text typo correction learns words from. */
    searchText: text('search_text').notNull().default(''),
    /** Weighted full-text document: name and category (A), services (B), description (C). */
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('providers_owner_unique').on(t.ownerUserId),
    check('providers_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('providers_hst_number_format', sql`${t.hstNumber} ~ '^[0-9]{9}RT[0-9]{4}$'`),
    check(
      'providers_service_languages',
      sql`cardinality(${t.serviceLanguages}) between 1 and 2 and ${t.serviceLanguages} <@ array['en', 'fr']::text[]`,
    ),
  ],
);

/**
 * What a search reads of each provider, and nothing else: a narrow copy of `providers` (about a third
 * of its width), with the text index and the listing's order indexes. Kept in step by triggers on
 * providers (migration 0019); a search picks and orders ids here and joins `providers` only for the
 * page's cards (docs/decisions/008, "A narrow copy to search").
 */
export const searchListings = pgTable(
  'search_listings',
  {
    id: integer('id')
      .primaryKey()
      .references(() => providers.id, { onDelete: 'cascade' }),
    isFeatured: boolean('is_featured').notNull(),
    isActive: boolean('is_active').notNull(),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    reviewCount: integer('review_count').notNull(),
    citySlug: text('city_slug').notNull(),
    categoryId: integer('category_id').notNull(),
    priceCents: integer('price_cents').notNull(),
    serviceLanguages: text('service_languages').array().notNull(),
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    index('search_listings_vector_idx').using('gin', t.searchVector),
    // The listing's orders, each an index a page can be read from in order (docs/decisions/008): the
    // default "quality" order (featured, rating, reviews), alone or within a category or a city and
    // category, and by rating. Active listings only, as every search asks.
    index('search_listings_quality_idx')
      .on(t.isFeatured.desc(), t.rating.desc().nullsLast(), t.reviewCount.desc(), t.id)
      .where(sql`${t.isActive}`),
    index('search_listings_category_quality_idx')
      .on(t.categoryId, t.isFeatured.desc(), t.rating.desc().nullsLast(), t.reviewCount.desc(), t.id)
      .where(sql`${t.isActive}`),
    index('search_listings_city_category_quality_idx')
      .on(
        t.citySlug,
        t.categoryId,
        t.isFeatured.desc(),
        t.rating.desc().nullsLast(),
        t.reviewCount.desc(),
        t.id,
      )
      .where(sql`${t.isActive}`),
    index('search_listings_rating_idx')
      .on(t.rating.desc().nullsLast(), t.reviewCount.desc(), t.id)
      .where(sql`${t.isActive}`),
    index('search_listings_price_idx').on(t.priceCents, t.id),
    // A category by price, either way (docs/decisions/008, "Scattered matches"): its providers' prices
    // sit together in the catalog's price order, so reading that order for one category read most of it.
    index('search_listings_category_price_idx')
      .on(t.categoryId, t.priceCents, t.id)
      .where(sql`${t.isActive}`),
    // The French-speaking filter in the default order, as its own index: French listings are a few.
    index('search_listings_french_quality_idx')
      .on(t.isFeatured.desc(), t.rating.desc().nullsLast(), t.reviewCount.desc(), t.id)
      .where(sql`${t.isActive} and 'fr' = any(${t.serviceLanguages})`),
    index('search_listings_featured_idx').on(t.isFeatured, t.categoryId),
  ],
);

export const providerServices = pgTable(
  'provider_services',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    description: text('description'),
    durationMinutes: integer('duration_minutes'),
    deliveredAt: text('delivered_at', { enum: DELIVERY_PLACES }).notNull().default('provider'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('provider_services_provider_idx').on(t.providerId, t.sortOrder),
    check('provider_services_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

/** Weekly opening hours: one row per open weekday (0 = Sunday), minutes after midnight local time. */
export const providerSchedules = pgTable(
  'provider_schedules',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opensAtMinute: smallint('opens_at_minute').notNull(),
    closesAtMinute: smallint('closes_at_minute').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.weekday] }),
    check('provider_schedules_weekday', sql`${t.weekday} between 0 and 6`),
    check(
      'provider_schedules_hours',
      sql`${t.opensAtMinute} >= 0 and ${t.closesAtMinute} <= 1440 and ${t.opensAtMinute} < ${t.closesAtMinute}`,
    ),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    bookingId: integer('booking_id'),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    videos: jsonb('videos').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the author changed the rating or comment (within 48 hours): the review says "Edited". */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * Set while an admin keeps the review hidden: it leaves the provider's page, histogram, rating and
     * count (the trigger of migration 0008 counts visible reviews only).
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('reviews_provider_created_idx').on(t.providerId, t.createdAt.desc()),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    // One review per booking: a second one (two clicks, two tabs) is refused by the database.
    uniqueIndex('reviews_booking_unique').on(t.bookingId),
  ],
);

/** Distinct words of every provider's search text: the small vocabulary typo correction searches. */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/**
 * Every lexeme of every provider's search vector, kept by a trigger on providers (migration 0018): a
 * search's prefix term is read as the few whole lexemes it starts, which the text index answers several
 * times faster than a prefix (docs/decisions/008, "Prefixes as the words they start"). Lexemes no listing
 * has any more may stay: they match nothing.
 */
export const searchLexemes = pgTable(
  'search_lexemes',
  {
    lexeme: text('lexeme').primaryKey(),
  },
  // `like 'clean%'` reads a range of this index whatever the database's collation.
  (t) => [index('search_lexemes_prefix_idx').on(t.lexeme.op('text_pattern_ops'))],
);

export const savedServices = pgTable(
  'saved_services',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.providerId] })],
);

/** Days a provider is closed (holidays, time off): Toronto dates, both ends included. */
export const providerTimeOff = pgTable(
  'provider_time_off',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_time_off_provider_idx').on(t.providerId, t.startDate),
    check('provider_time_off_order', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
