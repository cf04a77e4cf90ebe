import type { User } from '../../../shared/contract/auth';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Env } from '../../env';
import { authErrors } from '../auth/auth.errors';
import {
  deleteUserSessions,
  emailExists,
  findPasswordHash,
  holdPasswordStill,
} from '../auth/auth.repository';
import { verifyPassword } from '../auth/password-hash';
import { enqueueEmail } from '../email/email.outbox.repository';
import { confirmNewEmailEmail, emailChangeNoticeEmail } from '../email/email.templates-account';
import {
  cancelPendingChanges,
  consumeChangeToken,
  findPendingChange,
  insertChangeToken,
  setVerifiedEmail,
} from './account.email-change.repository';
import { accountErrors } from './account.errors';

/**
 * Changing an account's e-mail address (docs/product.md §2): it needs the current password, takes
 * effect only when a link sent to the new address is opened, and the old address is told, with a
 * "this wasn't me" link that keeps (or puts back) the old address and signs every device out. A
 * session alone can never move an account to another address.
 */

type Deps = { db: Database; clock: Clock; env: Pick<Env, 'PUBLIC_URL'> };

const HOUR = 3_600_000;
const CONFIRM_HOURS = 24;
const REVERT_DAYS = 7;

export async function requestEmailChange(
  deps: Deps,
  user: User,
  body: { newEmail: string; currentPassword: string },
): Promise<{ pendingEmail: string }> {
  const hash = await findPasswordHash(deps.db, user.id);
  if (!hash || !(await verifyPassword(hash, body.currentPassword))) throw authErrors.wrongCurrentPassword();
  const newEmail = body.newEmail.trim();
  if (newEmail.toLowerCase() === user.email.toLowerCase()) throw accountErrors.sameEmail();
  if (await emailExists(deps.db, newEmail, user.id)) throw authErrors.emailTaken();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Under the account's row, and only while its password is the one just checked: two requests at
    // once take turns (so the later one ends the earlier one's links), and a reset that went through
    // during the check leaves the request with nothing to send.
    if (!(await holdPasswordStill(tx, user.id, hash, 'update'))) throw authErrors.wrongCurrentPassword();
    // Only the latest request counts: older links stop working.
    await cancelPendingChanges(tx, user.id, now);
    const confirm = await insertChangeToken(tx, {
      userId: user.id,
      purpose: 'email_change',
      address: newEmail,
      expiresAt: new Date(now.getTime() + CONFIRM_HOURS * HOUR),
      now,
    });
    const revert = await insertChangeToken(tx, {
      userId: user.id,
      purpose: 'email_change_revert',
      address: user.email,
      expiresAt: new Date(now.getTime() + REVERT_DAYS * 24 * HOUR),
      now,
    });
    const input = { publicUrl: deps.env.PUBLIC_URL, fullName: user.fullName, newEmail };
    await enqueueEmail(
      tx,
      {
        to: newEmail,
        kind: 'email_change_confirm',
        // Nobody has the new address yet: the message is this person's (their export, their deletion).
        ownerId: user.id,
        ...confirmNewEmailEmail({ ...input, token: confirm }),
      },
      // In the account's language: no account has that address yet to say which.
      { now, locale: user.language },
    );
    await enqueueEmail(
      tx,
      { to: user.email, kind: 'email_change_notice', ...emailChangeNoticeEmail({ ...input, token: revert }) },
      { now },
    );
  });
  return { pendingEmail: newEmail };
}

export async function pendingEmailChange(deps: Deps, user: User): Promise<{ pendingEmail: string | null }> {
  return { pendingEmail: await findPendingChange(deps.db, user.id, deps.clock.now()) };
}

export async function cancelEmailChange(deps: Deps, user: User): Promise<void> {
  await cancelPendingChanges(deps.db, user.id, deps.clock.now());
}

/** The link to the new address: the change happens now, unless someone took that address meanwhile. */
export async function confirmEmailChange(deps: Deps, token: string): Promise<{ email: string }> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const change = await consumeChangeToken(tx, { token, purpose: 'email_change', now });
      if (!change) throw accountErrors.emailChangeLinkInvalid();
      await setVerifiedEmail(tx, change.userId, change.address, now);
      return { email: change.address };
    });
  } catch (error) {
    // Two accounts confirming the same address at once: one wins, the other is told it is taken.
    if (isUniqueViolation(error)) throw authErrors.emailTaken();
    throw error;
  }
}

/** "This wasn't me": the old address stays (or comes back), pending changes end, every device is signed out. */
export async function revertEmailChange(
  deps: Deps,
  token: string,
): Promise<{ email: string; message: string }> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const revert = await consumeChangeToken(tx, { token, purpose: 'email_change_revert', now });
      if (!revert) throw accountErrors.emailChangeLinkInvalid();
      await cancelPendingChanges(tx, revert.userId, now);
      await setVerifiedEmail(tx, revert.userId, revert.address, now);
      await deleteUserSessions(tx, revert.userId);
      return {
        email: revert.address,
        message: `Your account's e-mail is ${revert.address}, and every device was signed out. Sign in and change your password now.`,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw authErrors.emailTaken();
    throw error;
  }
}
