ALTER TABLE "bookings" DROP CONSTRAINT "bookings_amounts";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "hst_number" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_amounts" CHECK ("bookings"."price_cents" >= 0 and "bookings"."fee_cents" >= 0 and "bookings"."tax_cents" >= 0 and "bookings"."discount_cents" >= 0 and "bookings"."discount_cents" <= "bookings"."price_cents" and "bookings"."total_cents" = "bookings"."price_cents" - "bookings"."discount_cents" + "bookings"."fee_cents" + "bookings"."tax_cents");--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_hst_number_format" CHECK ("providers"."hst_number" ~ '^[0-9]{9}RT[0-9]{4}$');--> statement-breakpoint
-- Child care for children under 14 is exempt from HST (docs/product.md §7).
UPDATE "categories" SET "tax_exempt" = true WHERE "slug" = 'baby-sitting';--> statement-breakpoint
-- Bookings made before lines were kept were charged the service and the 3% fee, no HST: their lines
-- say exactly that (shared/domain/price-lines.ts, legacyLines).
UPDATE "bookings" SET "lines" = jsonb_build_array(
  jsonb_build_object('kind', 'service', 'label', 'Service price', 'amount', "price_cents"),
  jsonb_build_object('kind', 'service_fee', 'label', 'Service fee (3%)', 'amount', "fee_cents")
) WHERE "lines" IS NULL;--> statement-breakpoint
-- Their refunds split across those two lines by the largest remainder (splitRefund): each line gets the
-- floor of its share, and a cent left over goes to the fee only when its remainder is the larger.
UPDATE "refunds" r SET "lines" = jsonb_build_array(
  jsonb_build_object('kind', 'service', 'label', 'Service price', 'amount', s.service_part),
  jsonb_build_object('kind', 'service_fee', 'label', 'Service fee (3%)', 'amount', s.fee_part)
)
FROM (
  SELECT f.id,
    f.service_floor + CASE WHEN f.left_over = 1 AND f.service_rem >= f.fee_rem THEN 1 ELSE 0 END AS service_part,
    f.fee_floor + CASE WHEN f.left_over = 1 AND f.fee_rem > f.service_rem THEN 1 ELSE 0 END AS fee_part
  FROM (
    SELECT x.id, x.service_floor, x.fee_floor,
      x.amount - x.service_floor - x.fee_floor AS left_over,
      x.price * x.amount - x.service_floor * x.total AS service_rem,
      x.fee * x.amount - x.fee_floor * x.total AS fee_rem
    FROM (
      SELECT rf.id, rf.amount_cents::bigint AS amount, b.price_cents::bigint AS price,
        b.fee_cents::bigint AS fee, b.total_cents::bigint AS total,
        (b.price_cents::bigint * rf.amount_cents) / b.total_cents AS service_floor,
        (b.fee_cents::bigint * rf.amount_cents) / b.total_cents AS fee_floor
      FROM "refunds" rf JOIN "bookings" b ON b.id = rf.booking_id
      WHERE rf."lines" IS NULL AND b.total_cents > 0
    ) x
  ) f
) s
WHERE r.id = s.id;
