-- Two races found under attack (decision 008, "The copy's gap and the lost review").
--
-- 1. Migration 0019 copied providers into search_listings before anything kept other writers out: a
-- provider written by another process between that copy and 0019's first lock on providers was never
-- copied (a stale price, a new listing search never finds). Writers are now held off (reads go on) and
-- every provider whose copy is missing or differs is copied again. After this, the triggers of 0019
-- keep every write in step. Runs once; on a database whose copy is whole it writes nothing.
LOCK TABLE providers IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO search_listings (id, is_featured, is_active, rating, review_count, city_slug, category_id, price_cents, service_languages, search_vector)
SELECT p.id, p.is_featured, p.is_active, p.rating, p.review_count, p.city_slug, p.category_id, p.price_cents, p.service_languages, p.search_vector
FROM providers p
WHERE NOT EXISTS (
  SELECT 1 FROM search_listings s
  WHERE s.id = p.id
    AND (s.is_featured, s.is_active, s.rating, s.review_count, s.city_slug, s.category_id, s.price_cents, s.service_languages, s.search_vector)
      IS NOT DISTINCT FROM (p.is_featured, p.is_active, p.rating, p.review_count, p.city_slug, p.category_id, p.price_cents, p.service_languages, p.search_vector)
)
ORDER BY p.id
ON CONFLICT (id) DO UPDATE SET
  is_featured = excluded.is_featured,
  is_active = excluded.is_active,
  rating = excluded.rating,
  review_count = excluded.review_count,
  city_slug = excluded.city_slug,
  category_id = excluded.category_id,
  price_cents = excluded.price_cents,
  service_languages = excluded.service_languages,
  search_vector = excluded.search_vector;
--> statement-breakpoint
-- 2. Two reviews of one provider committed at once counted as one: the second's UPDATE of the provider
-- waited for the first's row lock, then computed the average and the count from its snapshot, taken
-- before the first review was committed. The provider's row is now locked by a statement of its own
-- first; the UPDATE after it is a new statement with a new snapshot (READ COMMITTED), which sees every
-- review committed before the lock was granted. Replaces the function of 0008, whose rules it keeps:
-- visible reviews only, and the old provider too when a review moves.
CREATE FUNCTION trillium_recount_provider_rating(provider integer) RETURNS void AS $$
BEGIN
  PERFORM 1 FROM providers WHERE id = provider FOR UPDATE;
  UPDATE providers p SET
    rating = (SELECT round(avg(r.rating)::numeric, 1) FROM reviews r
              WHERE r.provider_id = provider AND r.hidden_at IS NULL),
    review_count = (SELECT count(*) FROM reviews r
                    WHERE r.provider_id = provider AND r.hidden_at IS NULL)
  WHERE p.id = provider;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trillium_refresh_provider_rating() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM trillium_recount_provider_rating(NEW.provider_id);
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.provider_id IS DISTINCT FROM NEW.provider_id) THEN
    PERFORM trillium_recount_provider_rating(OLD.provider_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
