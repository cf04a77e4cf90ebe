CREATE TABLE "document_numbers" (
	"kind" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"refund_id" integer,
	"receipt_id" integer,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"seller_hst_number" text NOT NULL,
	"partner_name" text NOT NULL,
	"partner_hst_number" text,
	"card_brand" text,
	"card_last4" text,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "receipts_number_positive" CHECK ("receipts"."number" > 0),
	CONSTRAINT "receipts_credit_note_refund" CHECK (("receipts"."kind" = 'receipt') = ("receipts"."refund_id" is null and "receipts"."receipt_id" is null))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_kind_number_unique" ON "receipts" USING btree ("kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_per_booking" ON "receipts" USING btree ("booking_id") WHERE "receipts"."kind" = 'receipt';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_per_refund" ON "receipts" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "receipts_booking_idx" ON "receipts" USING btree ("booking_id","kind");--> statement-breakpoint
-- One counter per kind of document, starting at 0: the first receipt is number 1.
INSERT INTO "document_numbers" ("kind", "last_number") VALUES ('receipt', 0), ('credit_note', 0);
