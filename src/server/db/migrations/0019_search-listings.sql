CREATE TABLE "search_listings" (
	"id" integer PRIMARY KEY NOT NULL,
	"is_featured" boolean NOT NULL,
	"is_active" boolean NOT NULL,
	"rating" numeric(2, 1),
	"review_count" integer NOT NULL,
	"city_slug" text NOT NULL,
	"category_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"service_languages" text[] NOT NULL,
	"search_vector" "tsvector"
);
--> statement-breakpoint
-- What a search reads, copied from the providers (decision 008, "A narrow copy to search"), before
-- its indexes are built.
INSERT INTO search_listings (id, is_featured, is_active, rating, review_count, city_slug, category_id, price_cents, service_languages, search_vector)
SELECT id, is_featured, is_active, rating, review_count, city_slug, category_id, price_cents, service_languages, search_vector FROM providers ORDER BY id;
--> statement-breakpoint
DROP INDEX "providers_search_vector_idx";--> statement-breakpoint
DROP INDEX "providers_quality_idx";--> statement-breakpoint
DROP INDEX "providers_category_quality_idx";--> statement-breakpoint
DROP INDEX "providers_city_category_quality_idx";--> statement-breakpoint
DROP INDEX "providers_rating_idx";--> statement-breakpoint
DROP INDEX "providers_price_idx";--> statement-breakpoint
DROP INDEX "providers_category_price_idx";--> statement-breakpoint
DROP INDEX "providers_french_quality_idx";--> statement-breakpoint
DROP INDEX "providers_featured_idx";--> statement-breakpoint
ALTER TABLE "search_listings" ADD CONSTRAINT "search_listings_id_providers_id_fk" FOREIGN KEY ("id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_listings_vector_idx" ON "search_listings" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "search_listings_quality_idx" ON "search_listings" USING btree ("is_featured" DESC NULLS LAST,"rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE "search_listings"."is_active";--> statement-breakpoint
CREATE INDEX "search_listings_category_quality_idx" ON "search_listings" USING btree ("category_id","is_featured" DESC NULLS LAST,"rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE "search_listings"."is_active";--> statement-breakpoint
CREATE INDEX "search_listings_city_category_quality_idx" ON "search_listings" USING btree ("city_slug","category_id","is_featured" DESC NULLS LAST,"rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE "search_listings"."is_active";--> statement-breakpoint
CREATE INDEX "search_listings_rating_idx" ON "search_listings" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE "search_listings"."is_active";--> statement-breakpoint
CREATE INDEX "search_listings_price_idx" ON "search_listings" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "search_listings_category_price_idx" ON "search_listings" USING btree ("category_id","price_cents","id") WHERE "search_listings"."is_active";--> statement-breakpoint
CREATE INDEX "search_listings_french_quality_idx" ON "search_listings" USING btree ("is_featured" DESC NULLS LAST,"rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE "search_listings"."is_active" and 'fr' = any("search_listings"."service_languages");--> statement-breakpoint
CREATE INDEX "search_listings_featured_idx" ON "search_listings" USING btree ("is_featured","category_id");--> statement-breakpoint
-- Keeps search_listings in step with providers: after each statement that inserts or updates providers,
-- the rows it wrote are copied, once per statement from its transition table (a bulk insert in one
-- pass), in id order so that two writers take the rows' locks in the same order. A row whose searched
-- columns did not change is left alone, so an update of other columns writes nothing here. A deleted
-- provider's row goes with it (the foreign key's cascade).
CREATE FUNCTION trillium_copy_search_listings() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_listings (id, is_featured, is_active, rating, review_count, city_slug, category_id, price_cents, service_languages, search_vector)
  SELECT id, is_featured, is_active, rating, review_count, city_slug, category_id, price_cents, service_languages, search_vector FROM written ORDER BY id
  ON CONFLICT (id) DO UPDATE SET
    is_featured = excluded.is_featured,
    is_active = excluded.is_active,
    rating = excluded.rating,
    review_count = excluded.review_count,
    city_slug = excluded.city_slug,
    category_id = excluded.category_id,
    price_cents = excluded.price_cents,
    service_languages = excluded.service_languages,
    search_vector = excluded.search_vector
  WHERE (search_listings.is_featured, search_listings.is_active, search_listings.rating, search_listings.review_count, search_listings.city_slug, search_listings.category_id, search_listings.price_cents, search_listings.service_languages, search_listings.search_vector) IS DISTINCT FROM
    (excluded.is_featured, excluded.is_active, excluded.rating, excluded.review_count, excluded.city_slug, excluded.category_id, excluded.price_cents, excluded.service_languages, excluded.search_vector);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER providers_copy_search_listings_insert
AFTER INSERT ON providers REFERENCING NEW TABLE AS written
FOR EACH STATEMENT EXECUTE FUNCTION trillium_copy_search_listings();
--> statement-breakpoint
CREATE TRIGGER providers_copy_search_listings_update
AFTER UPDATE ON providers REFERENCING NEW TABLE AS written
FOR EACH STATEMENT EXECUTE FUNCTION trillium_copy_search_listings();
--> statement-breakpoint
-- The planner's estimates of a search's matches read these statistics (decision 008, "Few matches, read directly").
ANALYZE search_listings;
