import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { documentNumbers, payments, providers, type ReceiptKind, receipts } from '../../db/schema';

/** The only file that touches `receipts` and `document_numbers`. */

export type ReceiptRow = typeof receipts.$inferSelect;

/**
 * The next number of a kind of document, taken in the caller's transaction: the update locks the
 * counter's row until the transaction ends (concurrent payments wait their turn) and a rollback gives
 * the number back, so the numbers issued have no gaps.
 */
export async function takeNumber(tx: Executor, kind: ReceiptKind): Promise<number> {
  const [row] = await tx
    .insert(documentNumbers)
    .values({ kind, lastNumber: 1 })
    .onConflictDoUpdate({
      target: documentNumbers.kind,
      set: { lastNumber: sql`${documentNumbers.lastNumber} + 1` },
    })
    .returning({ number: documentNumbers.lastNumber });
  return row!.number;
}

export async function insertReceipt(tx: Executor, values: typeof receipts.$inferInsert): Promise<ReceiptRow> {
  const [row] = await tx.insert(receipts).values(values).returning();
  return row!;
}

/** A booking's receipt, if one was issued. */
export async function findReceipt(db: Executor, bookingId: number): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.bookingId, bookingId), eq(receipts.kind, 'receipt')))
    .limit(1);
  return row;
}

export async function findCreditNoteOfRefund(db: Executor, refundId: number) {
  const [row] = await db.select().from(receipts).where(eq(receipts.refundId, refundId)).limit(1);
  return row;
}

/** Every document of some bookings (receipts and credit notes), oldest first. */
export async function listDocuments(db: Executor, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      id: receipts.id,
      bookingId: receipts.bookingId,
      kind: receipts.kind,
      number: receipts.number,
      totalCents: receipts.totalCents,
      issuedAt: receipts.issuedAt,
    })
    .from(receipts)
    .where(
      sql`${receipts.bookingId} in (${sql.join(
        bookingIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(receipts.id));
}

export async function findDocument(db: Executor, id: number): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id)).limit(1);
  return row;
}

/** What a receipt prints about the partner and the card: the listing's name and HST number, the card. */
export async function findReceiptParties(
  db: Executor,
  input: { providerId: number; intentId: string | null },
) {
  const [provider] = await db
    .select({ name: providers.name, hstNumber: providers.hstNumber })
    .from(providers)
    .where(eq(providers.id, input.providerId))
    .limit(1);
  const [payment] = input.intentId
    ? await db
        .select({ brand: payments.cardBrand, last4: payments.cardLast4 })
        .from(payments)
        .where(eq(payments.intentId, input.intentId))
        .limit(1)
    : [];
  return { provider, card: payment?.last4 ? { brand: payment.brand ?? 'card', last4: payment.last4 } : null };
}
