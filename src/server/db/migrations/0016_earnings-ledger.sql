CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"line" integer NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"provider_id" integer,
	"booking_id" integer NOT NULL,
	"payout_id" integer,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_partner_has_provider" CHECK (("ledger_entries"."account" = 'partner') = ("ledger_entries"."provider_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"state" text DEFAULT 'details_needed' NOT NULL,
	"last_payout_failure" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"payout_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "payout_items_payout_id_booking_id_pk" PRIMARY KEY("payout_id","booking_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'CAD' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"processor" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"external_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "seller_tax_details" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"business_number" text,
	"street" text NOT NULL,
	"unit" text,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"postal_code" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seller_tax_details_bn" CHECK ("seller_tax_details"."business_number" is null or "seller_tax_details"."business_number" ~ '^[0-9]{9}$')
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_tax_details" ADD CONSTRAINT "seller_tax_details_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_event_line_unique" ON "ledger_entries" USING btree ("event_key","line");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_provider_idx" ON "ledger_entries" USING btree ("provider_id","booking_id") WHERE "ledger_entries"."provider_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payout_items_booking_idx" ON "payout_items" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payouts_provider_idx" ON "payouts" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_state_idx" ON "payouts" USING btree ("state","created_at");