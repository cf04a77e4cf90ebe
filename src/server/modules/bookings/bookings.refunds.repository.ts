import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments, refunds } from '../../db/schema';

// Refunds: decided in the transaction that causes them, carried out by the job queue.

/** Records a refund owed; a second request with the same key changes nothing. Answers its id either way. */
export async function insertRefund(db: Executor, values: typeof refunds.$inferInsert): Promise<number> {
  const [created] = await db
    .insert(refunds)
    .values(values)
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning({ id: refunds.id });
  if (created) return created.id;
  const [existing] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.idempotencyKey, values.idempotencyKey));
  return existing!.id;
}

/** The lines of a booking's refunds (all but the one of `exceptKey`), oldest first. */
export async function listRefundLines(db: Executor, bookingId: number, options: { exceptKey?: string } = {}) {
  const rows = await db
    .select({ lines: refunds.lines })
    .from(refunds)
    .where(
      and(
        eq(refunds.bookingId, bookingId),
        options.exceptKey ? ne(refunds.idempotencyKey, options.exceptKey) : undefined,
      ),
    )
    .orderBy(asc(refunds.id));
  return rows.flatMap((r) => (r.lines ? [r.lines] : []));
}

export async function findRefund(db: Executor, id: number) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row;
}

/** The processor made the refund: recorded on the refund and added to its payment, once. */
export async function markRefundSucceeded(db: Executor, id: number, now: Date) {
  const [row] = await db
    .update(refunds)
    .set({ status: 'succeeded', processedAt: now, lastError: null, attempts: sql`${refunds.attempts} + 1` })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  if (!row) return;
  await db
    .update(payments)
    .set({
      refundedCents: sql`${payments.refundedCents} + ${row.amountCents}`,
      status: sql`case when ${payments.refundedCents} + ${row.amountCents} >= ${payments.amountCents} then 'refunded' else ${payments.status} end`,
      updatedAt: now,
    })
    .where(eq(payments.intentId, row.intentId));
}

/** A refund given up on, due again (an admin retried its job). */
export async function reopenFailedRefund(db: Executor, id: number) {
  await db
    .update(refunds)
    .set({ status: 'pending', processedAt: null })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'failed')));
}

export async function markRefundAttemptFailed(
  db: Executor,
  id: number,
  input: { error: string; givenUp: boolean; now: Date },
) {
  await db
    .update(refunds)
    .set({
      attempts: sql`${refunds.attempts} + 1`,
      lastError: input.error,
      ...(input.givenUp ? { status: 'failed' as const, processedAt: input.now } : {}),
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
}
