ALTER TABLE "bookings" ADD COLUMN "dispute_settled_at" timestamp with time zone;--> statement-breakpoint
-- Disputes settled before: the time of the settlement's event.
UPDATE "bookings" b SET "dispute_settled_at" = e."settled"
FROM (
  SELECT "booking_id", max("at") AS "settled" FROM "booking_events"
  WHERE "kind" = 'dispute_resolved' GROUP BY "booking_id"
) e
WHERE e."booking_id" = b."id";
