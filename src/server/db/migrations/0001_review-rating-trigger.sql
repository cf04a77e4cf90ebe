-- Keep providers.rating (average to one decimal) and providers.review_count in step with reviews.
CREATE OR REPLACE FUNCTION trillium_refresh_provider_rating() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE providers p SET
      rating = (SELECT round(avg(r.rating)::numeric, 1) FROM reviews r WHERE r.provider_id = NEW.provider_id),
      review_count = (SELECT count(*) FROM reviews r WHERE r.provider_id = NEW.provider_id)
    WHERE p.id = NEW.provider_id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE providers p SET
      rating = (SELECT round(avg(r.rating)::numeric, 1) FROM reviews r WHERE r.provider_id = OLD.provider_id),
      review_count = (SELECT count(*) FROM reviews r WHERE r.provider_id = OLD.provider_id)
    WHERE p.id = OLD.provider_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reviews_refresh_provider_rating
AFTER INSERT OR UPDATE OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION trillium_refresh_provider_rating();
