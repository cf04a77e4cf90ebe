ALTER TABLE "email_outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
-- The messages written so far: the account that has their address now, if it had it when they were
-- written (an account is never younger than its address: messages to an address before its owner's
-- account was created were someone else's, who moved away). Messages to an address its account left
-- keep no account: they were the person's, but nothing tells whose any more (docs/product.md §15).
UPDATE "email_outbox" o SET "user_id" = u."id"
FROM "users" u
WHERE lower(u."email") = lower(o."to_address") AND o."created_at" >= u."created_at";--> statement-breakpoint
CREATE INDEX "email_outbox_user_idx" ON "email_outbox" USING btree ("user_id");
