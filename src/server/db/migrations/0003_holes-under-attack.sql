CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
UPDATE "bookings" SET "ends_at" = "service_date" + make_interval(mins => "duration_minutes");--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
DROP INDEX "bookings_provider_slot_unique";--> statement-breakpoint
-- No double booking: two live bookings of one provider never overlap in time, whatever their starts.
-- Checked by the database under concurrent inserts from any number of processes.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_provider_no_overlap" EXCLUDE USING gist (
	"provider_id" WITH =,
	tstzrange("service_date", "ends_at", '[)') WITH &&
) WHERE ("status" in ('awaiting_payment', 'confirmed', 'completed'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ends_after_start" CHECK ("ends_at" > "service_date");--> statement-breakpoint
ALTER TABLE "sandbox_cards" ADD COLUMN "customer_ref" text;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "customer_ref" text;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_unique" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_unique" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_kind_state_idx" ON "jobs" USING btree ("kind","state");--> statement-breakpoint
CREATE INDEX "rate_limits_resets_idx" ON "rate_limits" USING btree ("resets_at");--> statement-breakpoint
CREATE INDEX "bookings_customer_holds_idx" ON "bookings" USING btree ("customer_id","provider_id") WHERE "bookings"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "bookings_unsettled_payment_idx" ON "bookings" USING btree ("id") WHERE "bookings"."payment_status" = 'pending' and "bookings"."payment_intent_id" is not null;--> statement-breakpoint
CREATE INDEX "login_attempts_pair_idx" ON "login_attempts" USING btree ("email_key","ip","created_at");