import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginAttempts } from '../../db/schema';

/**
 * Sign-in attempts, shared by every server process through the database. A row is written before the
 * password is checked and deleted when it was right, so the rows are the failures plus the attempts
 * still in flight; counting them after writing one's own makes the check atomic (see auth.usecases).
 */

export async function insertAttempt(db: Executor, input: { emailKey: string; ip: string; now: Date }) {
  const [row] = await db
    .insert(loginAttempts)
    .values({ emailKey: input.emailKey, ip: input.ip, createdAt: input.now })
    .returning({ id: loginAttempts.id });
  return row!.id;
}

export type AttemptCounts = {
  /** From this address for this account (one's own attempt included). */
  pair: number;
  /** From this address, for any account. */
  address: number;
  /** For this account, from any address. */
  account: number;
  /** The oldest attempt of this address for this account within the window (when its block ends). */
  oldestPair: Date | null;
  oldestAddress: Date | null;
};

export async function countAttempts(
  db: Executor,
  input: { emailKey: string; ip: string; since: Date },
): Promise<AttemptCounts> {
  const isPair = sql`(${loginAttempts.emailKey} = ${input.emailKey} and ${loginAttempts.ip} = ${input.ip})`;
  const [row] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${isPair})::int`,
      address: sql<number>`count(*) filter (where ${loginAttempts.ip} = ${input.ip})::int`,
      account: sql<number>`count(*) filter (where ${loginAttempts.emailKey} = ${input.emailKey})::int`,
      oldestPair: sql<Date | null>`min(${loginAttempts.createdAt}) filter (where ${isPair})`,
      oldestAddress: sql<Date | null>`min(${loginAttempts.createdAt}) filter (where ${loginAttempts.ip} = ${input.ip})`,
    })
    .from(loginAttempts)
    .where(
      and(
        gt(loginAttempts.createdAt, input.since),
        sql`(${loginAttempts.emailKey} = ${input.emailKey} or ${loginAttempts.ip} = ${input.ip})`,
      ),
    );
  return {
    pair: Number(row?.pair ?? 0),
    address: Number(row?.address ?? 0),
    account: Number(row?.account ?? 0),
    oldestPair: row?.oldestPair ? new Date(row.oldestPair) : null,
    oldestAddress: row?.oldestAddress ? new Date(row.oldestAddress) : null,
  };
}

/** The attempt was the right password: it is no failure, and this address's failures for the account are forgiven. */
export async function forgiveAttempts(db: Executor, input: { emailKey: string; ip: string }) {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.emailKey, input.emailKey), eq(loginAttempts.ip, input.ip)));
}

/** A password reset proves the owner: every failure against the account is forgotten. */
export async function clearAccountAttempts(db: Executor, emailKey: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.emailKey, emailKey));
}

/** Forgets attempts older than `before` (a sweep keeps the table small). */
export async function pruneAttempts(db: Executor, before: Date) {
  await db.delete(loginAttempts).where(sql`${loginAttempts.createdAt} < ${before}`);
}
