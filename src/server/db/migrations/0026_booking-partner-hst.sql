ALTER TABLE "bookings" ADD COLUMN "partner_hst_number" text;--> statement-breakpoint
-- Bookings made before: the registration their receipts printed until now, the listing's current one.
UPDATE "bookings" b SET "partner_hst_number" = p."hst_number" FROM "providers" p WHERE p."id" = b."provider_id" AND p."hst_number" IS NOT NULL;
