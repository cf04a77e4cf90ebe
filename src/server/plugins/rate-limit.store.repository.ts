import { lt, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * Counts one request against a limit in one statement: a new window starts when the last one has
 * ended. Concurrent requests from any process each get their own count (the row lock orders them).
 */
export async function hitRateLimit(
  db: Executor,
  input: { key: string; windowMs: number; now: Date },
): Promise<{ count: number; resetsAt: Date }> {
  const resetsAt = new Date(input.now.getTime() + input.windowMs).toISOString();
  const now = input.now.toISOString();
  const [row] = await queryRows<{ count: number; resets_at: Date | string }>(
    db,
    sql`insert into rate_limits (key, count, resets_at) values (${input.key}, 1, ${resetsAt}::timestamptz)
        on conflict (key) do update set
          count = case when rate_limits.resets_at <= ${now}::timestamptz then 1 else rate_limits.count + 1 end,
          resets_at = case when rate_limits.resets_at <= ${now}::timestamptz then excluded.resets_at else rate_limits.resets_at end
        returning count, resets_at`,
  );
  return { count: Number(row!.count), resetsAt: new Date(row!.resets_at) };
}

/** Forgets windows that have ended. */
export async function pruneRateLimits(db: Executor, now: Date) {
  await db.delete(rateLimits).where(lt(rateLimits.resetsAt, now));
}
