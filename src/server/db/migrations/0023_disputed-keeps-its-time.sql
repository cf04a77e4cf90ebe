-- A booking under dispute keeps its time until an admin settles it (docs/product.md §8): until then
-- nobody knows whether the professional came, and settling it as completed must never meet another
-- booking in its time (it answered 500 when the rest of its time had been booked since the report).
-- A database where such a booking already overlaps another stops here with the bookings named: settle
-- those disputes first (docs/deploy.md).
DO $$
DECLARE
  clashes text;
BEGIN
  SELECT string_agg(d.reference || ' with ' || o.reference, ', ') INTO clashes
  FROM bookings d
  JOIN bookings o ON o.provider_id = d.provider_id AND o.id <> d.id
    AND o.status IN ('awaiting_payment', 'confirmed', 'completed', 'disputed')
    AND tstzrange(o.service_date, o.ends_at, '[)') && tstzrange(d.service_date, d.ends_at, '[)')
  WHERE d.status = 'disputed';
  IF clashes IS NOT NULL THEN
    RAISE EXCEPTION 'Disputed bookings overlap other bookings of their provider: %. Settle these disputes before this release.', clashes;
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_provider_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_provider_no_overlap" EXCLUDE USING gist (
	"provider_id" WITH =,
	tstzrange("service_date", "ends_at", '[)') WITH &&
) WHERE ("status" in ('awaiting_payment', 'confirmed', 'completed', 'disputed'));
