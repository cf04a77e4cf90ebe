DROP INDEX "providers_city_category_rating_idx";--> statement-breakpoint
DROP INDEX "providers_category_rating_idx";--> statement-breakpoint
DROP INDEX "providers_rating_idx";--> statement-breakpoint
CREATE INDEX "providers_quality_idx" ON "providers" USING btree ("is_featured" DESC NULLS LAST,"rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE "providers"."is_active";--> statement-breakpoint
CREATE INDEX "providers_category_quality_idx" ON "providers" USING btree ("category_id","is_featured" DESC NULLS LAST,"rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE "providers"."is_active";--> statement-breakpoint
CREATE INDEX "providers_city_category_quality_idx" ON "providers" USING btree ("city_slug","category_id","is_featured" DESC NULLS LAST,"rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE "providers"."is_active";--> statement-breakpoint
CREATE INDEX "providers_rating_idx" ON "providers" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE "providers"."is_active";