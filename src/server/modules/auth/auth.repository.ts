import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { User } from '../../../shared/contract/auth';
import { type Executor, preparedPer } from '../../db/client';
import { violatedConstraint } from '../../db/errors';
import { type EmailTokenPurpose, emailTokens, sessions, users } from '../../db/schema';

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

const publicUserColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  street: users.street,
  unit: users.unit,
  city: users.city,
  province: users.province,
  postalCode: users.postalCode,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  language: users.language,
  createdAt: users.createdAt,
};

type PublicUserRow = {
  id: number;
  username: string;
  fullName: string;
  email: string;
  phone: string | null;
  street: string | null;
  unit: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  role: User['role'];
  emailVerifiedAt: Date | null;
  language: User['language'];
  createdAt: Date;
};

export function toPublicUser(row: PublicUserRow): User {
  const { emailVerifiedAt, createdAt, ...rest } = row;
  return { ...rest, emailVerified: emailVerifiedAt !== null, createdAt: createdAt.toISOString() };
}

export async function findUserById(db: Executor, id: number): Promise<User | undefined> {
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ? toPublicUser(row) : undefined;
}

export async function findCredentialsByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findPasswordHash(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.passwordHash;
}

export async function emailExists(db: Executor, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId === undefined
        ? sql`lower(${users.email}) = lower(${email})`
        : and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptUserId)),
    )
    .limit(1);
  return row !== undefined;
}

/** A free username: the wanted one, or it followed by the lowest number that is free. */
export async function freeUsername(db: Executor, wanted: string): Promise<string> {
  const base =
    wanted
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 24) || 'member';
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const taken = new Set(rows.map((r) => r.username.toLowerCase()));
  if (!taken.has(base) && base.length >= 3) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Whether a username is someone's already, whatever its letter case. */
export async function usernameExists(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row !== undefined;
}

/**
 * A new account whose username is derived from `usernameFrom` and made unique (docs/product.md §2).
 * Two sign-ups deriving the same name at once both get an account: the one that loses the username's
 * unique index derives it again, in a savepoint, so a transaction around it goes on.
 */
export async function insertUserWithDerivedUsername(
  db: Executor,
  values: Omit<Parameters<typeof insertUser>[1], 'username'> & { usernameFrom: string },
): Promise<User> {
  const { usernameFrom, ...account } = values;
  for (let attempt = 1; ; attempt++) {
    const username = await freeUsername(db, usernameFrom);
    try {
      return await db.transaction((tx) => insertUser(tx, { ...account, username }));
    } catch (error) {
      if (attempt >= 5 || violatedConstraint(error) !== USERNAME_INDEX) throw error;
    }
  }
}

const USERNAME_INDEX = 'users_username_lower_unique';

export async function insertUser(
  db: Executor,
  values: {
    email: string;
    username: string;
    fullName: string;
    phone: string | null;
    passwordHash: string;
    /** The account's language (`en` unless given). */
    language?: User['language'];
  },
): Promise<User> {
  const [row] = await db.insert(users).values(values).returning(publicUserColumns);
  return toPublicUser(row!);
}

/**
 * Sets a new password (a change or a reset) and ends every link still out that could take the account
 * or read it with the old one: other reset links, a move of the account to another address asked for
 * with the old password, and the calendar feed's link (a new one is made when asked; docs/product.md §2). The revert links sent to the old address stay: they are the
 * owner's way back.
 */
/**
 * Sets a new password. With `replacing`, only over that hash (the one a request just checked): when a
 * reset or another change went through meanwhile, nothing changes and the answer is false.
 */
export async function updatePasswordHash(
  db: Executor,
  userId: number,
  passwordHash: string,
  now: Date,
  replacing?: string,
): Promise<boolean> {
  // The calendar feed's secret link goes too: whoever copied it with the old password keeps nothing.
  const updated = await db
    .update(users)
    .set({ passwordHash, calendarToken: null, updatedAt: now })
    .where(and(eq(users.id, userId), replacing === undefined ? undefined : eq(users.passwordHash, replacing)))
    .returning({ id: users.id });
  if (updated.length === 0) return false;
  await endEmailLinks(db, userId, ['password_reset', 'email_change'], now);
  return true;
}

/**
 * Whether the account's password is still the hash a request checked, holding the account's row until
 * the transaction ends (`for share`, or `for update` for a writer of the account): a reset waits for
 * that transaction, and one that committed first is seen here. What a password check allows (a session,
 * an e-mail change) is written under it, so it never outlives a reset that happened meanwhile.
 */
export async function holdPasswordStill(
  db: Executor,
  userId: number,
  passwordHash: string,
  strength: 'share' | 'update' = 'share',
): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.passwordHash, passwordHash)))
    .for(strength);
  return rows.length > 0;
}

/** Uses up every link of these purposes an account still has out: none of them works afterwards. */
export async function endEmailLinks(
  db: Executor,
  userId: number,
  purposes: readonly EmailTokenPurpose[],
  now: Date,
) {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.userId, userId),
        inArray(emailTokens.purpose, [...purposes]),
        isNull(emailTokens.usedAt),
      ),
    );
}

// Sessions: the cookie carries a random id; only its SHA-256 is stored.

export async function insertSession(
  db: Executor,
  input: { userId: number; remember: boolean; expiresAt: Date; now: Date },
): Promise<string> {
  const id = randomToken();
  await db.insert(sessions).values({
    idHash: sha256(id),
    userId: input.userId,
    remember: input.remember,
    expiresAt: input.expiresAt,
    lastSeenAt: input.now,
    createdAt: input.now,
  });
  return id;
}

const sessionByHash = preparedPer((db) =>
  db
    .select({
      idHash: sessions.idHash,
      remember: sessions.remember,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: publicUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .limit(1)
    .prepare('find_session'),
);

/** The unexpired session with this id, and its user: asked on every signed-in request, so prepared. */
export async function findSession(db: Executor, sessionId: string, now: Date) {
  const [row] = await sessionByHash(db).execute({ idHash: sha256(sessionId), now: now.toISOString() });
  return row ? { ...row, user: toPublicUser(row.user) } : undefined;
}

export async function extendSession(db: Executor, idHash: string, expiresAt: Date, now: Date) {
  await db.update(sessions).set({ expiresAt, lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Executor, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.idHash, sha256(sessionId)));
}

/** Ends every session of a user except, optionally, the one in use. */
/** Ends the account's sessions (but one), answering each one ended and whether it was remembered. */
export async function deleteUserSessions(db: Executor, userId: number, exceptIdHash?: string) {
  return db
    .delete(sessions)
    .where(
      exceptIdHash
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash))
        : eq(sessions.userId, userId),
    )
    .returning({ idHash: sessions.idHash, remember: sessions.remember });
}

// Single-use e-mail tokens (password reset, e-mail verification).

export async function insertEmailToken(
  db: Executor,
  input: { userId: number; purpose: 'password_reset' | 'email_verification'; expiresAt: Date; now: Date },
): Promise<string> {
  const token = randomToken();
  await db.insert(emailTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: sha256(token),
    expiresAt: input.expiresAt,
    createdAt: input.now,
  });
  return token;
}

/**
 * The id of the account with this e-mail address, its row locked until the transaction ends. A use of
 * one of its links takes this lock before the link's own: two links of one account used at once then
 * take turns here, and the later one finds its link ended by the earlier (never a deadlock between a
 * link each holds and the other's end of every link).
 */
export async function lockAccountByEmail(db: Executor, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .for('update');
  return row?.id;
}

/** Marks a valid, unused, unexpired token of that account as used; answers whether it was. */
export async function consumeEmailToken(
  db: Executor,
  input: { token: string; userId: number; purpose: 'password_reset' | 'email_verification'; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(input.token)),
        eq(emailTokens.purpose, input.purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, input.now),
        eq(emailTokens.userId, input.userId),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return rows.length > 0;
}
