CREATE TABLE "application_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"needed" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"asked_by_user_id" integer,
	"answer" text,
	"answered_at" timestamp with time zone,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "delivered_at" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "service_address" jsonb;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "default_delivered_at" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_services" ADD COLUMN "delivered_at" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "street_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "application_requests" ADD CONSTRAINT "application_requests_application_id_provider_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."provider_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_requests" ADD CONSTRAINT "application_requests_asked_by_user_id_users_id_fk" FOREIGN KEY ("asked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_requests_application_idx" ON "application_requests" USING btree ("application_id","asked_at");--> statement-breakpoint
-- Services that come to the customer: cleaners, detailers, sitters, caterers, plumbers, lunch delivery.
UPDATE "categories" SET "default_delivered_at" = 'customer' WHERE "slug" IN ('home-cleaning', 'car-detailing', 'baby-sitting', 'catering', 'plumbing', 'lunch-delivery', 'pet-sitting');--> statement-breakpoint
UPDATE "provider_services" s SET "delivered_at" = c."default_delivered_at" FROM "providers" p JOIN "categories" c ON c."id" = p."category_id" WHERE p."id" = s."provider_id";--> statement-breakpoint
UPDATE "bookings" b SET "delivered_at" = c."default_delivered_at" FROM "providers" p JOIN "categories" c ON c."id" = p."category_id" WHERE p."id" = b."provider_id";--> statement-breakpoint
-- Questions asked before this table existed become the first request of their application.
INSERT INTO "application_requests" ("application_id", "needed", "asked_at") SELECT "id", "admin_notes", coalesce("decided_at", "created_at") FROM "provider_applications" WHERE "status" = 'clarification_needed' AND "admin_notes" IS NOT NULL;
