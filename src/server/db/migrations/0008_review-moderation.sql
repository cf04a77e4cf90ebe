CREATE TABLE "review_moderation_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"admin_user_id" integer,
	"admin_name" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"review_id" integer,
	"uploaded_by_user_id" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_replies" (
	"review_id" integer PRIMARY KEY NOT NULL,
	"author_user_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_moderation_events" ADD CONSTRAINT "review_moderation_events_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_moderation_events" ADD CONSTRAINT "review_moderation_events_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_moderation_events_review_idx" ON "review_moderation_events" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_photos_filename_unique" ON "review_photos" USING btree ("filename");--> statement-breakpoint
CREATE INDEX "review_photos_review_idx" ON "review_photos" USING btree ("review_id","position");--> statement-breakpoint
CREATE INDEX "review_photos_unclaimed_idx" ON "review_photos" USING btree ("created_at") WHERE "review_photos"."review_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_user_unique" ON "review_reports" USING btree ("review_id","user_id");--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("review_id") WHERE "review_reports"."resolved_at" is null;--> statement-breakpoint
-- providers.rating and providers.review_count count visible reviews only (docs/product.md §8): a hidden
-- review leaves the average, and comes back into it when restored. Replaces the function of 0001.
CREATE OR REPLACE FUNCTION trillium_refresh_provider_rating() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE providers p SET
      rating = (SELECT round(avg(r.rating)::numeric, 1) FROM reviews r
                WHERE r.provider_id = NEW.provider_id AND r.hidden_at IS NULL),
      review_count = (SELECT count(*) FROM reviews r
                      WHERE r.provider_id = NEW.provider_id AND r.hidden_at IS NULL)
    WHERE p.id = NEW.provider_id;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.provider_id IS DISTINCT FROM NEW.provider_id) THEN
    UPDATE providers p SET
      rating = (SELECT round(avg(r.rating)::numeric, 1) FROM reviews r
                WHERE r.provider_id = OLD.provider_id AND r.hidden_at IS NULL),
      review_count = (SELECT count(*) FROM reviews r
                      WHERE r.provider_id = OLD.provider_id AND r.hidden_at IS NULL)
    WHERE p.id = OLD.provider_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Only changes that move the numbers recompute them (an edited comment or a new photo does not).
DROP TRIGGER IF EXISTS reviews_refresh_provider_rating ON reviews;
--> statement-breakpoint
CREATE TRIGGER reviews_refresh_provider_rating
AFTER INSERT OR DELETE OR UPDATE OF rating, hidden_at, provider_id ON reviews
FOR EACH ROW EXECUTE FUNCTION trillium_refresh_provider_rating();
