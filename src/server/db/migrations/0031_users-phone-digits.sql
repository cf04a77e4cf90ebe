-- A STOP reply turns texts off for every account with that number (docs/product.md §10). The accounts
-- are found by the last ten digits of their number as typed, the expression of turnSmsOffFor
-- (sms.repository.ts), which without this index read every account's row.
CREATE INDEX IF NOT EXISTS "users_phone_digits_idx" ON "users" (right(regexp_replace(coalesce("phone", ''), '\D', '', 'g'), 10));
