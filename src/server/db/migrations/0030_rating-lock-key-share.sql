-- Two reviews of one provider inserted at the same moment deadlocked on PostgreSQL, and one customer got
-- a 500 (decision 008, "The rating lock and the foreign key"). Each insert's foreign-key check takes
-- FOR KEY SHARE on the provider's row before the rating trigger runs; 0020's trigger then asked for
-- FOR UPDATE, which waits for every other KEY SHARE: each review waited for the other's. FOR NO KEY
-- UPDATE is what the trigger's own UPDATE takes anyway: it still makes two recounts of one provider take
-- turns (so the second sees the first review, 0020's point), and it no longer waits for rows that merely
-- reference the provider (reviews and bookings being written). Replaces the function of 0020.
CREATE OR REPLACE FUNCTION trillium_recount_provider_rating(provider integer) RETURNS void AS $$
BEGIN
  PERFORM 1 FROM providers WHERE id = provider FOR NO KEY UPDATE;
  UPDATE providers p SET
    rating = (SELECT round(avg(r.rating)::numeric, 1) FROM reviews r
              WHERE r.provider_id = provider AND r.hidden_at IS NULL),
    review_count = (SELECT count(*) FROM reviews r
                    WHERE r.provider_id = provider AND r.hidden_at IS NULL)
  WHERE p.id = provider;
END;
$$ LANGUAGE plpgsql;
