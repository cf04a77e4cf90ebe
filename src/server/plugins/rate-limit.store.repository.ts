import { lt, sql } from 'drizzle-orm';
import { type Executor, preparedPer } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * Counts one request against a limit in one statement: a new window starts when the last one has
 * ended. Concurrent requests from any process each get their own count (the row lock orders them).
 */
export async function hitRateLimit(
  db: Executor,
  input: { key: string; windowMs: number; now: Date },
): Promise<{ count: number; resetsAt: Date }> {
  const [row] = await rateLimitHit(db).execute({
    key: input.key,
    resetsAt: new Date(input.now.getTime() + input.windowMs).toISOString(),
    now: input.now.toISOString(),
  });
  return { count: Number(row!.count), resetsAt: new Date(row!.resetsAt) };
}

// Prepared: every limited request runs it (db/client.ts, preparedPer).
const rateLimitHit = preparedPer((db) => {
  const ended = sql`${rateLimits.resetsAt} <= ${sql.placeholder('now')}::timestamptz`;
  return db
    .insert(rateLimits)
    .values({
      key: sql.placeholder('key'),
      count: 1,
      resetsAt: sql`${sql.placeholder('resetsAt')}::timestamptz`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimits.resetsAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetsAt: rateLimits.resetsAt })
    .prepare('rate_limit_hit');
});

/** Forgets windows that have ended. */
export async function pruneRateLimits(db: Executor, now: Date) {
  await db.delete(rateLimits).where(lt(rateLimits.resetsAt, now));
}
