CREATE TABLE "promotion_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"customer_id" integer,
	"discount_cents" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "discount_type" text;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "discount_value" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "min_spend_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "cities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "max_uses_per_customer" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_booking_unique" ON "promotion_redemptions" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_counted_idx" ON "promotion_redemptions" USING btree ("promotion_id","customer_id") WHERE "promotion_redemptions"."status" in ('held', 'used');--> statement-breakpoint
-- Codes are upper case and unique; an empty one is none; of two promotions with one code, the newest keeps it.
UPDATE "promotions" SET "code" = NULLIF(upper(btrim("code")), '') WHERE "code" IS NOT NULL;--> statement-breakpoint
UPDATE "promotions" p SET "code" = NULL
  WHERE "code" IS NOT NULL AND EXISTS (SELECT 1 FROM "promotions" q WHERE q."code" = p."code" AND q."id" > p."id");--> statement-breakpoint
-- The demo's codes get the discounts their promotions describe (docs/product.md §7); any other code keeps
-- no discount until an admin gives it one (checkout refuses it meanwhile).
UPDATE "promotions" SET "discount_type" = 'percent', "discount_value" = 20,
  "category_ids" = ARRAY(SELECT "id" FROM "categories" WHERE "slug" = 'home-cleaning')
  WHERE "code" = 'FRESH20';--> statement-breakpoint
UPDATE "promotions" SET "discount_type" = 'fixed', "discount_value" = 1500, "min_spend_cents" = 7500,
  "max_uses_per_customer" = 1
  WHERE "code" = 'WELCOME15';--> statement-breakpoint
UPDATE "promotions" SET "discount_type" = 'percent', "discount_value" = 15,
  "category_ids" = ARRAY(SELECT "id" FROM "categories" WHERE "slug" = 'car-detailing')
  WHERE "code" = 'SALTFREE';--> statement-breakpoint
UPDATE "promotions" SET "discount_type" = 'fixed', "discount_value" = 1000,
  "category_ids" = ARRAY(SELECT "id" FROM "categories" WHERE "slug" = 'pet-grooming'),
  "description" = CASE WHEN "description" = 'A free nail trim with every full groom booked this week.'
    THEN '$10 off any grooming booked this week: the nail trim is on us.' ELSE "description" END
  WHERE "code" = 'PAWS';--> statement-breakpoint
UPDATE "promotions" SET "discount_type" = 'percent', "discount_value" = 10,
  "category_ids" = ARRAY(SELECT "id" FROM "categories" WHERE "slug" IN ('tax-filing', 'tax-services'))
  WHERE "code" = 'EARLYBIRD';--> statement-breakpoint
UPDATE "promotions" SET "discount_type" = 'percent', "discount_value" = 10,
  "category_ids" = ARRAY(SELECT "id" FROM "categories" WHERE "slug" = 'health-wellness')
  WHERE "code" = 'RELAX10';--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_unique" ON "promotions" USING btree ("code");--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_code_discount" CHECK (("promotions"."discount_type" is null) = ("promotions"."discount_value" is null) and ("promotions"."code" is null or "promotions"."code" = upper("promotions"."code")));--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_discount_value" CHECK ("promotions"."discount_value" is null or ("promotions"."discount_value" > 0 and ("promotions"."discount_type" <> 'percent' or "promotions"."discount_value" <= 100)));--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_dates" CHECK ("promotions"."end_date" > "promotions"."start_date");--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_limits" CHECK ("promotions"."min_spend_cents" >= 0 and ("promotions"."max_uses" is null or "promotions"."max_uses" > 0) and ("promotions"."max_uses_per_customer" is null or "promotions"."max_uses_per_customer" > 0));