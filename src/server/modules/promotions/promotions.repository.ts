import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories, promotionRedemptions, promotions } from '../../db/schema';

/** The only file that touches `promotions` and `promotion_redemptions`. */

export type PromotionRow = typeof promotions.$inferSelect;

/** A promotion by its code; with `forUpdate`, locked until the caller's transaction ends. */
export async function findPromotionByCode(db: Executor, code: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(promotions).where(eq(promotions.code, code)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findPromotion(db: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * The uses that count against a promotion's limits (paid, or held for a payment), everyone's and one
 * customer's, leaving out some bookings (the customer's holds about to be replaced).
 */
export async function countUses(
  db: Executor,
  input: { promotionId: number; customerId: number; exceptBookingIds?: readonly number[] },
) {
  const [row] = await db
    .select({
      uses: sql<number>`count(*)::int`,
      mine: sql<number>`count(*) filter (where ${promotionRedemptions.customerId} = ${input.customerId})::int`,
    })
    .from(promotionRedemptions)
    .where(
      and(
        eq(promotionRedemptions.promotionId, input.promotionId),
        inArray(promotionRedemptions.status, ['held', 'used']),
        input.exceptBookingIds?.length
          ? sql`${promotionRedemptions.bookingId} not in (${sql.join(
              input.exceptBookingIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
  return { uses: Number(row?.uses ?? 0), mine: Number(row?.mine ?? 0) };
}

export async function insertRedemption(db: Executor, values: typeof promotionRedemptions.$inferInsert) {
  await db.insert(promotionRedemptions).values(values);
}

/** Moves the redemptions of some bookings from one of `from` to `to`; answers how many moved. */
export async function moveRedemptions(
  db: Executor,
  bookingIds: readonly number[],
  from: readonly (typeof promotionRedemptions.$inferSelect)['status'][],
  to: (typeof promotionRedemptions.$inferSelect)['status'],
  now: Date,
) {
  if (bookingIds.length === 0) return 0;
  const rows = await db
    .update(promotionRedemptions)
    .set({ status: to, updatedAt: now })
    .where(
      and(
        inArray(promotionRedemptions.bookingId, [...bookingIds]),
        inArray(promotionRedemptions.status, [...from]),
      ),
    )
    .returning({ id: promotionRedemptions.id });
  return rows.length;
}

/** Every promotion, newest first, with its uses (paid) and holds (waiting for a payment). */
export async function listPromotionsWithUses(db: Executor) {
  return db
    .select({
      promotion: promotions,
      uses: sql<number>`(select count(*)::int from promotion_redemptions r where r.promotion_id = "promotions"."id" and r.status = 'used')`,
      held: sql<number>`(select count(*)::int from promotion_redemptions r where r.promotion_id = "promotions"."id" and r.status = 'held')`,
    })
    .from(promotions)
    .orderBy(desc(promotions.startDate), desc(promotions.id));
}

/** One promotion's uses (paid) and holds (waiting for a payment). */
export async function useCounts(db: Executor, promotionId: number) {
  const [row] = await db
    .select({
      uses: sql<number>`count(*) filter (where ${promotionRedemptions.status} = 'used')::int`,
      held: sql<number>`count(*) filter (where ${promotionRedemptions.status} = 'held')::int`,
    })
    .from(promotionRedemptions)
    .where(eq(promotionRedemptions.promotionId, promotionId));
  return { uses: Number(row?.uses ?? 0), held: Number(row?.held ?? 0) };
}

export async function insertPromotion(db: Executor, values: typeof promotions.$inferInsert) {
  const [row] = await db.insert(promotions).values(values).returning();
  return row!;
}

export async function updatePromotion(
  db: Executor,
  id: number,
  values: Partial<typeof promotions.$inferInsert>,
) {
  const [row] = await db.update(promotions).set(values).where(eq(promotions.id, id)).returning();
  return row!;
}

/** Whether another promotion has this code. */
export async function codeTaken(db: Executor, code: string, exceptId?: number) {
  const [row] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.code, code), exceptId === undefined ? undefined : ne(promotions.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** How many of these category ids exist. */
export async function countCategories(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...ids]))
    .orderBy(asc(categories.id));
  return rows.length;
}
