import type { Locale } from '../../../shared/i18n/locales';
import type { LoginBody, User } from '../../../shared/contract/auth';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Env } from '../../env';
import { enqueueEmail } from '../email/email.outbox.repository';
import { enqueueJob } from '../jobs/jobs.repository';
import type { JobHandlers } from '../jobs/jobs.runner';
import { passwordResetEmail } from '../email/email.templates';
import { IDLE_MS, REMEMBER_MS } from '../../plugins/session';
import { authErrors } from './auth.errors';
import {
  consumeEmailToken,
  lockAccountByEmail,
  deleteSession,
  deleteUserSessions,
  emailExists,
  findCredentialsByEmail,
  findUserById,
  insertUserWithDerivedUsername,
  usernameExists,
  insertEmailToken,
  holdPasswordStill,
  insertSession,
  insertUser,
  updatePasswordHash,
} from './auth.repository';
import {
  clearAccountAttempts,
  countAttempts,
  forgiveAttempts,
  insertAttempt,
} from './auth.attempts.repository';
import { hashPassword, verifyPassword } from './password-hash';

type Deps = { db: Executor; clock: Clock };

export const RESET_TOKEN_MS = 3_600_000;

/**
 * Sign-in throttling (docs/product.md, "Sign-in throttling"): failures are counted per account and
 * address pair and per address; an account under attack from many addresses lets each address that
 * has not failed for it try, so its owner is never locked out by strangers.
 */
export const LOGIN_LIMITS = { perPair: 5, perAddress: 30, accountUnderAttack: 20, windowMs: 15 * 60_000 };

// Verifying against a real hash when the e-mail is unknown keeps both failures equally slow.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword('not-a-real-password-Trillium!');
  return dummyHash;
};

/**
 * Starts a session. After a password check (`checkedHash`, the hash the password was checked against),
 * only while the account's password is still that hash, under the account's row: a sign-in whose check
 * overlapped a reset or a change of the password is refused, never left signed in past it.
 */
export async function startSession(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  remember: boolean,
  checkedHash?: string,
) {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + (remember ? REMEMBER_MS : IDLE_MS));
  if (checkedHash === undefined) return insertSession(db, { userId, remember, expiresAt, now });
  return db.transaction(async (tx) => {
    if (!(await holdPasswordStill(tx, userId, checkedHash))) throw authErrors.invalidCredentials();
    return insertSession(tx, { userId, remember, expiresAt, now });
  });
}

export async function register(
  deps: Deps,
  input: {
    email: string;
    password: string;
    fullName: string;
    username?: string;
    phone: string | null;
    language?: Locale;
  },
): Promise<User> {
  const { db } = deps;
  if (await emailExists(db, input.email)) throw authErrors.emailTaken();
  if (input.username && (await usernameExists(db, input.username))) throw authErrors.usernameTaken();
  const account = {
    email: input.email,
    fullName: input.fullName,
    phone: input.phone,
    passwordHash: await hashPassword(input.password),
    language: input.language,
  };
  try {
    return input.username
      ? await insertUser(db, { ...account, username: input.username })
      : await insertUserWithDerivedUsername(db, {
          ...account,
          usernameFrom: input.email.split('@')[0] ?? 'member',
        });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, and the loser hears the same as above.
    if (isUniqueViolation(error)) {
      if (await emailExists(db, input.email)) throw authErrors.emailTaken();
      throw authErrors.usernameTaken();
    }
    throw error;
  }
}

/** Checks a sign-in; answers the account and the password hash it was checked against (startSession). */
export async function login(
  deps: Deps,
  input: LoginBody & { ip: string },
): Promise<{ user: User; checkedHash: string }> {
  const { db, clock } = deps;
  const now = clock.now();
  const emailKey = input.email.trim().toLowerCase();
  const pair = { emailKey, ip: input.ip };
  // The attempt takes its place before the password is checked and the count includes it: however many
  // arrive at once, the k-th to be written sees at least k, so no more than the limit are ever checked.
  await insertAttempt(db, { ...pair, now });
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
  const counts = await countAttempts(db, { ...pair, since });
  const blockedSince =
    counts.pair > LOGIN_LIMITS.perPair ||
    (counts.account > LOGIN_LIMITS.accountUnderAttack && counts.pair > 1)
      ? counts.oldestPair
      : counts.address > LOGIN_LIMITS.perAddress
        ? counts.oldestAddress
        : undefined;
  if (blockedSince !== undefined) {
    const oldest = blockedSince?.getTime() ?? now.getTime();
    const retryAfter = Math.ceil((oldest + LOGIN_LIMITS.windowMs - now.getTime()) / 1000);
    throw authErrors.tooManyAttempts(Math.min(Math.max(60, retryAfter), LOGIN_LIMITS.windowMs / 1000));
  }
  const credentials = await findCredentialsByEmail(db, emailKey);
  const valid = credentials
    ? await verifyPassword(credentials.passwordHash, input.password)
    : (await verifyPassword(await getDummyHash(), input.password)) && false;
  if (!credentials || !valid) throw authErrors.invalidCredentials();
  await forgiveAttempts(db, pair);
  const user = await findUserById(db, credentials.id);
  if (!user) throw authErrors.invalidCredentials();
  return { user, checkedHash: credentials.passwordHash };
}

export async function logout({ db }: Deps, sessionId: string | undefined) {
  if (sessionId) await deleteSession(db, sessionId);
}

export const PASSWORD_RESET_JOB = 'auth.password-reset';

/**
 * Answers the same, in the same time, whether or not the address is known: the request only queues a
 * job, and the job (passwordResetJobHandlers) looks the address up and e-mails a link to a known one
 * (valid 1 hour, single use). Timing the answer tells an attacker nothing.
 */
export async function forgotPassword({ db, clock }: { db: Executor; clock: Clock }, email: string) {
  await enqueueJob(db, {
    kind: PASSWORD_RESET_JOB,
    payload: { email: email.trim() },
    runAt: clock.now(),
    maxAttempts: 3,
  });
}

export function passwordResetJobHandlers(deps: { db: Database; env: Env }): JobHandlers {
  return {
    [PASSWORD_RESET_JOB]: async (payload, { now }) => {
      const email = String(payload.email ?? '');
      const credentials = await findCredentialsByEmail(deps.db, email);
      const user = credentials ? await findUserById(deps.db, credentials.id) : undefined;
      if (!user) return { skipped: 'no account has this address' };
      await deps.db.transaction(async (tx) => {
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
            ...passwordResetEmail({ publicUrl: deps.env.PUBLIC_URL, email: user.email, token }),
          },
          { now },
        );
      });
      return undefined;
    },
  };
}

/** Uses the token once, sets the new password and ends every session of the account. */
export async function resetPassword(
  { db, clock }: { db: Database; clock: Clock },
  input: { email: string; token: string; password: string },
) {
  const now = clock.now();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // The account first, then its link (lockAccountByEmail): two links used at once take turns.
    const userId = await lockAccountByEmail(tx, input.email);
    const used =
      userId !== undefined &&
      (await consumeEmailToken(tx, { token: input.token, userId, purpose: 'password_reset', now }));
    if (!used) throw authErrors.invalidResetLink();
    await updatePasswordHash(tx, userId, passwordHash, now);
    await deleteUserSessions(tx, userId);
    await clearAccountAttempts(tx, input.email.trim().toLowerCase());
  });
}
