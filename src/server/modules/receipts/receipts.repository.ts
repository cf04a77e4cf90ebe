import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import { type Executor, preparedPer } from '../../db/client';
import { documentNumbers, payments, providers, type ReceiptKind, receipts } from '../../db/schema';

/** The only file that touches `receipts` and `document_numbers`. */

export type ReceiptRow = typeof receipts.$inferSelect;

/**
 * Inserts a document with the next number of its kind, in one statement (a data-modifying CTE takes
 * the number). In the caller's transaction: the counter's update locks its row until the transaction
 * ends (concurrent payments wait their turn) and a rollback gives the number back, so the numbers
 * issued have no gaps.
 */
export async function insertNumberedReceipt(
  tx: Executor,
  values: Omit<typeof receipts.$inferInsert, 'number'> & { kind: ReceiptKind },
): Promise<ReceiptRow> {
  const [row] = await numberedInsert(tx).execute({
    ...values,
    refundId: values.refundId ?? null,
    receiptId: values.receiptId ?? null,
    partnerHstNumber: values.partnerHstNumber ?? null,
    cardBrand: values.cardBrand ?? null,
    cardLast4: values.cardLast4 ?? null,
  });
  return row!;
}

// Prepared (db/client.ts, preparedPer): every payment issues a receipt, as its last statement.
const numberedInsert = preparedPer((tx) => {
  const kind = sql.placeholder('kind');
  const numbered = tx.$with('numbered').as(
    tx
      .insert(documentNumbers)
      .values({ kind, lastNumber: 1 })
      .onConflictDoUpdate({
        target: documentNumbers.kind,
        set: { lastNumber: sql`${documentNumbers.lastNumber} + 1` },
      })
      .returning({ number: documentNumbers.lastNumber }),
  );
  const placeholders = Object.fromEntries(
    RECEIPT_COLUMNS.map((column) => [column, sql.placeholder(column)]),
  ) as { [K in (typeof RECEIPT_COLUMNS)[number]]: Placeholder<K> };
  return tx
    .with(numbered)
    .insert(receipts)
    .values({ ...placeholders, kind, number: sql`(select ${numbered.number} from ${numbered})` })
    .returning()
    .prepare('insert_numbered_receipt');
});
const RECEIPT_COLUMNS = [
  'bookingId',
  'refundId',
  'receiptId',
  'lines',
  'totalCents',
  'sellerName',
  'sellerAddress',
  'sellerHstNumber',
  'partnerName',
  'partnerHstNumber',
  'cardBrand',
  'cardLast4',
  'issuedAt',
] as const;

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

// One round trip; the outer joins keep a missing side null, as separate lookups would. Prepared
// (db/client.ts, preparedPer): every payment asks it, and planning it took six times its run
// (docs/decisions/008, "A payment's lookups, prepared").
const receiptParties = preparedPer((db) =>
  db
    .select({
      found: sql<boolean>`p.id is not null`,
      name: sql<string | null>`p.name`,
      card_brand: sql<string | null>`pay.card_brand`,
      card_last4: sql<string | null>`pay.card_last4`,
      receipt_id: sql<number | null>`r.id`,
    })
    .from(
      sql`(select 1) one
        left join ${providers} p on p.id = ${sql.placeholder('providerId')}::int
        left join ${payments} pay on pay.intent_id = ${sql.placeholder('intentId')}::text
        left join ${receipts} r on r.booking_id = ${sql.placeholder('bookingId')}::int and r.kind = 'receipt'`,
    )
    .prepare('receipt_parties'),
);

/**
 * What a receipt prints about the partner and the card (the listing's name, the card: its HST number is
 * the booking's own, as priced), and whether the booking has its receipt already (its id): one round
 * trip for a new payment's receipt.
 */
export async function findReceiptParties(
  db: Executor,
  input: { bookingId: number; providerId: number; intentId: string | null },
) {
  const [row] = await receiptParties(db).execute(input);
  const provider = row?.found ? { name: row.name as string } : undefined;
  return {
    provider,
    card: row?.card_last4 ? { brand: row.card_brand ?? 'card', last4: row.card_last4 } : null,
    hasReceipt: row?.receipt_id !== null && row?.receipt_id !== undefined,
  };
}
