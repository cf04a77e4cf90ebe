import { sql } from 'drizzle-orm';

/**
 * True for a provider `p` whose copy `s` in search_listings (migration 0019) differs from it in any
 * column a search reads. Columns are compared one by one: a missing copy differs too.
 */
export const LISTING_DIFFERS = sql`(
  (p.is_featured, p.is_active, p.rating, p.review_count, p.city_slug, p.category_id, p.price_cents,
    p.service_languages, p.search_vector)
  is distinct from
  (s.is_featured, s.is_active, s.rating, s.review_count, s.city_slug, s.category_id, s.price_cents,
    s.service_languages, s.search_vector)
)`;
