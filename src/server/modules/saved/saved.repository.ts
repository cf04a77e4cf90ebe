import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { savedServices } from '../../db/schema';

/** The providers a user saved, newest first. */
export async function listSavedProviderIds(db: Executor, userId: number) {
  return db
    .select({ providerId: savedServices.providerId, createdAt: savedServices.createdAt })
    .from(savedServices)
    .where(eq(savedServices.userId, userId))
    .orderBy(desc(savedServices.createdAt));
}

/** Saving twice is harmless. */
export async function insertSaved(db: Executor, input: { userId: number; providerId: number; now: Date }) {
  await db
    .insert(savedServices)
    .values({ userId: input.userId, providerId: input.providerId, createdAt: input.now })
    .onConflictDoNothing();
}

/** Answers whether there was something to forget. */
export async function deleteSaved(db: Executor, input: { userId: number; providerId: number }) {
  const removed = await db
    .delete(savedServices)
    .where(and(eq(savedServices.userId, input.userId), eq(savedServices.providerId, input.providerId)))
    .returning({ providerId: savedServices.providerId });
  return removed.length > 0;
}
