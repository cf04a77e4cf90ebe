import type { LoginBody, User } from '../../../shared/contract/auth';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { Env } from '../../env';
import { enqueueEmail } from '../email/email.outbox';
import { passwordResetEmail } from '../email/email.templates';
import { IDLE_MS, REMEMBER_MS } from '../../plugins/session';
import { authErrors } from './auth.errors';
import {
  clearFailures,
  consumeEmailToken,
  countRecentFailures,
  deleteSession,
  deleteUserSessions,
  emailExists,
  findCredentialsByEmail,
  findUserById,
  freeUsername,
  insertEmailToken,
  insertSession,
  insertUser,
  recordFailure,
  updatePasswordHash,
} from './auth.repository';
import { hashPassword, verifyPassword } from './password-hash';

type Deps = { db: Executor; clock: Clock };

export const RESET_TOKEN_MS = 3_600_000;

/** Failed sign-ins allowed per account and per address within the window before answers turn to 429. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 30, windowMs: 15 * 60_000 };

// Verifying against a real hash when the e-mail is unknown keeps both failures equally slow.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword('not-a-real-password-Trillium!');
  return dummyHash;
};

export async function startSession({ db, clock }: Deps, userId: number, remember: boolean) {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + (remember ? REMEMBER_MS : IDLE_MS));
  return insertSession(db, { userId, remember, expiresAt, now });
}

export async function register(
  deps: Deps,
  input: { email: string; password: string; fullName: string; username?: string; phone: string | null },
): Promise<User> {
  const { db } = deps;
  if (await emailExists(db, input.email)) throw authErrors.emailTaken();
  let username: string;
  if (input.username) {
    username = input.username;
    if ((await freeUsername(db, username)) !== username.toLowerCase()) throw authErrors.usernameTaken();
  } else {
    username = await freeUsername(db, input.email.split('@')[0] ?? 'member');
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db, {
      email: input.email,
      username,
      fullName: input.fullName,
      phone: input.phone,
      passwordHash,
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, and the loser hears the same as above.
    if (
      String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) ===
      '23505'
    ) {
      if (await emailExists(db, input.email)) throw authErrors.emailTaken();
      throw authErrors.usernameTaken();
    }
    throw error;
  }
}

export async function login(deps: Deps, input: LoginBody & { ip: string }): Promise<User> {
  const { db, clock } = deps;
  const now = clock.now();
  const emailKey = input.email.trim().toLowerCase();
  const failures = await countRecentFailures(db, {
    emailKey,
    ip: input.ip,
    since: new Date(now.getTime() - LOGIN_LIMITS.windowMs),
  });
  if (failures.byEmail >= LOGIN_LIMITS.perAccount || failures.byIp >= LOGIN_LIMITS.perAddress) {
    const oldest = failures.oldestByEmail?.getTime() ?? now.getTime();
    const retryAfter = Math.max(60, Math.ceil((oldest + LOGIN_LIMITS.windowMs - now.getTime()) / 1000));
    throw authErrors.tooManyAttempts(Math.min(retryAfter, LOGIN_LIMITS.windowMs / 1000));
  }
  const credentials = await findCredentialsByEmail(db, emailKey);
  const valid = credentials
    ? await verifyPassword(credentials.passwordHash, input.password)
    : (await verifyPassword(await getDummyHash(), input.password)) && false;
  if (!credentials || !valid) {
    await recordFailure(db, { emailKey, ip: input.ip, now });
    throw authErrors.invalidCredentials();
  }
  await clearFailures(db, emailKey);
  const user = await findUserById(db, credentials.id);
  if (!user) throw authErrors.invalidCredentials();
  return user;
}

export async function logout({ db }: Deps, sessionId: string | undefined) {
  if (sessionId) await deleteSession(db, sessionId);
}

/** Answers the same whether or not the address is known; only a known one receives a link (valid 1 hour, single use). */
export async function forgotPassword(
  { db, clock, env }: { db: Database; clock: Clock; env: Env },
  email: string,
) {
  const credentials = await findCredentialsByEmail(db, email);
  if (!credentials) return;
  const user = await findUserById(db, credentials.id);
  if (!user) return;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const token = await insertEmailToken(tx, {
      userId: user.id,
      purpose: 'password_reset',
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MS),
      now,
    });
    await enqueueEmail(
      tx,
      {
        to: user.email,
        kind: 'password_reset',
        ...passwordResetEmail({ publicUrl: env.PUBLIC_URL, email: user.email, token }),
      },
      { now },
    );
  });
}

/** Uses the token once, sets the new password and ends every session of the account. */
export async function resetPassword(
  { db, clock }: { db: Database; clock: Clock },
  input: { email: string; token: string; password: string },
) {
  const now = clock.now();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, {
      token: input.token,
      email: input.email,
      purpose: 'password_reset',
      now,
    });
    if (userId === undefined) throw authErrors.invalidResetLink();
    await updatePasswordHash(tx, userId, passwordHash, now);
    await deleteUserSessions(tx, userId);
    await clearFailures(tx, input.email.trim().toLowerCase());
  });
}
