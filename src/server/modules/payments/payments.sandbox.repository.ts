import { and, eq, sql } from 'drizzle-orm';
import { type Executor, preparedPer } from '../../db/client';
import { sandboxCards, sandboxIntents } from '../../db/schema';

/** The built-in sandbox processor's own records (test mode): its payment intents and tokenised cards. */

export type SandboxIntentRow = typeof sandboxIntents.$inferSelect;

export async function findIntent(db: Executor, id: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id)).limit(1);
  return row;
}

/** Creates an intent once per idempotency key: a repeated or racing request gets the first one. */
export async function insertIntentOnce(
  db: Executor,
  values: Pick<
    typeof sandboxIntents.$inferInsert,
    | 'id'
    | 'idempotencyKey'
    | 'clientSecret'
    | 'amountCents'
    | 'currency'
    | 'status'
    | 'metadata'
    | 'customerRef'
  >,
) {
  const [row] = await intentInsert(db).execute({ ...values, customerRef: values.customerRef ?? null });
  if (row) return row;
  const [existing] = await db
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.idempotencyKey, values.idempotencyKey));
  return existing!;
}

// Prepared (db/client.ts, preparedPer): every hold creates an intent.
const intentInsert = preparedPer((db) =>
  db
    .insert(sandboxIntents)
    .values({
      id: sql.placeholder('id'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      clientSecret: sql.placeholder('clientSecret'),
      amountCents: sql.placeholder('amountCents'),
      currency: sql.placeholder('currency'),
      status: sql.placeholder('status'),
      metadata: sql.placeholder('metadata'),
      customerRef: sql.placeholder('customerRef'),
    })
    .onConflictDoNothing({ target: sandboxIntents.idempotencyKey })
    .returning()
    .prepare('sandbox_insert_intent'),
);

/** The brand and last four digits of the card that paid (null when none did). */
export async function findIntentCard(db: Executor, paymentMethodId: string | null) {
  if (!paymentMethodId) return null;
  const [row] = await db
    .select({ brand: sandboxCards.brand, last4: sandboxCards.last4 })
    .from(sandboxCards)
    .where(eq(sandboxCards.id, paymentMethodId))
    .limit(1);
  return row ?? null;
}

/** A card of this customer only (another customer's token is as good as none). */
export async function findCustomerCard(db: Executor, id: string, customerRef: string) {
  const [row] = await db
    .select()
    .from(sandboxCards)
    .where(and(eq(sandboxCards.id, id), eq(sandboxCards.customerRef, customerRef)))
    .limit(1);
  return row;
}

export async function recordDecline(db: Executor, intentId: string, cardId: string, code: string, now: Date) {
  await db
    .update(sandboxIntents)
    .set({ lastErrorCode: code, paymentMethodId: cardId, updatedAt: now })
    .where(eq(sandboxIntents.id, intentId));
}

/** Charged at most once: only the update that moves it out of requires_payment_method counts. */
export async function markIntentSucceeded(db: Executor, intentId: string, cardId: string, now: Date) {
  await db
    .update(sandboxIntents)
    .set({ status: 'succeeded', paymentMethodId: cardId, lastErrorCode: null, updatedAt: now })
    .where(and(eq(sandboxIntents.id, intentId), eq(sandboxIntents.status, 'requires_payment_method')));
}

/**
 * Confirming with a card that succeeds, in one statement: the intent moves out of
 * requires_payment_method only with a card of its own customer whose outcome is success. Answers the
 * card, or nothing when any of that is not so (the caller then decides the long way).
 */
export async function succeedWithCard(db: Executor, intentId: string, cardId: string, now: Date) {
  const [row] = await db
    .update(sandboxIntents)
    .set({ status: 'succeeded', paymentMethodId: cardId, lastErrorCode: null, updatedAt: now })
    .from(sandboxCards)
    .where(
      and(
        eq(sandboxIntents.id, intentId),
        eq(sandboxIntents.status, 'requires_payment_method'),
        eq(sandboxCards.id, cardId),
        eq(sandboxCards.customerRef, sandboxIntents.customerRef),
        eq(sandboxCards.outcome, 'succeeded'),
      ),
    )
    .returning({ brand: sandboxCards.brand, last4: sandboxCards.last4 });
  return row;
}

/** Cancels an unpaid intent; the same conditional update decides a race with a payment. */
export async function markIntentCanceled(db: Executor, intentId: string, now: Date) {
  await db
    .update(sandboxIntents)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(eq(sandboxIntents.id, intentId), eq(sandboxIntents.status, 'requires_payment_method')));
}

/** Refunds part of a succeeded intent once per idempotency key (kept in its metadata), never beyond its amount. */
export async function refundIntentOnce(
  db: Executor,
  input: { intentId: string; amountCents: number; idempotencyKey: string; now: Date },
) {
  const key = `refund:${input.idempotencyKey}`;
  await db
    .update(sandboxIntents)
    .set({
      refundedCents: sql`least(${sandboxIntents.amountCents}, ${sandboxIntents.refundedCents} + ${input.amountCents})`,
      metadata: sql`${sandboxIntents.metadata} || jsonb_build_object(${key}::text, ${String(input.amountCents)}::text)`,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(sandboxIntents.id, input.intentId),
        eq(sandboxIntents.status, 'succeeded'),
        sql`(${sandboxIntents.metadata} -> ${key}::text) is null`,
      ),
    );
}

export async function insertCard(db: Executor, values: typeof sandboxCards.$inferInsert) {
  const [row] = await db
    .insert(sandboxCards)
    .values(values)
    .returning({ id: sandboxCards.id, brand: sandboxCards.brand, last4: sandboxCards.last4 });
  return row!;
}
