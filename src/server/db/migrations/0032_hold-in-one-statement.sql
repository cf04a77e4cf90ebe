-- A new hold in one round trip, for the common case: no promo code, and the customer holds nothing else
-- at this provider (decision 008, "A hold in one statement"). The function does what createHold's
-- transaction does for that case, in the same order and under the same locks: the provider's advisory
-- lock, then the customer's row (lock_for_hold); the provider's stale holds over the new time expired;
-- the customer's live holds counted; the insert (insert_hold). Called as a statement of its own, it is
-- its own transaction: no BEGIN and COMMIT round trips. Anything else returns no row, having inserted
-- nothing, and the caller goes the long way (the transaction in TypeScript): the customer's account is
-- gone, a hold of theirs at this provider is to be answered again or replaced, they hold too many, or
-- the reference was drawn twice. A taken time fails the insert with the no-overlap constraint's error,
-- as the long way's does.
--
-- Each statement of a volatile PL/pgSQL function takes its own snapshot under READ COMMITTED, so the
-- count, read after the locks were granted, sees a twin request's hold committed while this one waited
-- (the reason the long way's lock is a statement of its own).
--
-- What a hold's row holds, the lifecycle's statuses and the lock's space come from the caller
-- (bookings.repository.ts, holdInOneStatement): the hold as JSON keyed by column, the statuses a stale
-- hold expires from and to, the cap on live holds and the advisory lock's space.
CREATE OR REPLACE FUNCTION trillium_hold_in_one_statement(
  hold jsonb,
  now_at timestamptz,
  max_open integer,
  expires_from text[],
  expires_to text,
  lock_space integer
) RETURNS SETOF bookings AS $$
DECLARE
  h bookings := jsonb_populate_record(NULL::bookings, hold);
  live_here integer;
  live_all integer;
BEGIN
  PERFORM pg_advisory_xact_lock(lock_space, h.provider_id);
  PERFORM 1 FROM users WHERE id = h.customer_id FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;

  UPDATE bookings SET status = expires_to, updated_at = now_at
  WHERE status = ANY (expires_from) AND hold_expires_at < now_at AND provider_id = h.provider_id
    AND service_date < h.ends_at AND ends_at > h.service_date;

  SELECT count(*) FILTER (WHERE provider_id = h.provider_id), count(*) INTO live_here, live_all
  FROM bookings
  WHERE customer_id = h.customer_id AND status = h.status AND hold_expires_at > now_at;
  IF live_here > 0 OR live_all >= max_open THEN RETURN; END IF;

  RETURN QUERY
  INSERT INTO bookings (
    reference, customer_id, provider_id, service_id, service_title, service_date, duration_minutes,
    ends_at, customer_name, customer_email, customer_phone, notes, delivered_at, cancellation_policy,
    service_address, location, price_cents, discount_cents, fee_cents, tax_cents, total_cents, lines,
    promo_code, partner_hst_number, status, payment_status, hold_expires_at, created_at, updated_at
  ) VALUES (
    h.reference, h.customer_id, h.provider_id, h.service_id, h.service_title, h.service_date,
    h.duration_minutes, h.ends_at, h.customer_name, h.customer_email, h.customer_phone, h.notes,
    h.delivered_at, h.cancellation_policy, h.service_address, h.location, h.price_cents,
    h.discount_cents, h.fee_cents, h.tax_cents, h.total_cents, h.lines, h.promo_code,
    h.partner_hst_number, h.status, h.payment_status, h.hold_expires_at, h.created_at, h.updated_at
  )
  ON CONFLICT (reference) DO NOTHING
  RETURNING *;
END;
$$ LANGUAGE plpgsql;
