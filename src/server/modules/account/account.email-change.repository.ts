import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailTokens, users } from '../../db/schema';
import { endEmailLinks, randomToken, sha256 } from '../auth/auth.repository';

/** The e-mail change links (docs/product.md §2): one to the new address, one to the old. */

type ChangePurpose = 'email_change' | 'email_change_revert';

/** A single-use link; `address` is the new address (change) or the one to put back (revert). */
export async function insertChangeToken(
  db: Executor,
  input: { userId: number; purpose: ChangePurpose; address: string; expiresAt: Date; now: Date },
): Promise<string> {
  const token = randomToken();
  await db.insert(emailTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: sha256(token),
    newEmail: input.address,
    expiresAt: input.expiresAt,
    createdAt: input.now,
  });
  return token;
}

/** Uses a valid link once: answers its user and address, or undefined. */
export async function consumeChangeToken(
  db: Executor,
  input: { token: string; purpose: ChangePurpose; now: Date },
): Promise<{ userId: number; address: string } | undefined> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(input.token)),
        eq(emailTokens.purpose, input.purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, input.now),
      ),
    )
    .returning({ userId: emailTokens.userId, address: emailTokens.newEmail });
  return row?.address ? { userId: row.userId, address: row.address } : undefined;
}

/** The pending change of an account: the newest unused, unexpired link to a new address. */
export async function findPendingChange(db: Executor, userId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ address: emailTokens.newEmail })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'email_change'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailTokens.id))
    .limit(1);
  return row?.address ?? null;
}

/** Ends every pending change of an account (a new request, a cancel, or "this wasn't me"). */
export async function cancelPendingChanges(db: Executor, userId: number, now: Date) {
  await endEmailLinks(db, userId, ['email_change'], now);
}

export async function setVerifiedEmail(db: Executor, userId: number, email: string, now: Date) {
  await db.update(users).set({ email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
}
