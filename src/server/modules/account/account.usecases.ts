import type {
  AddressBody,
  ChangePasswordBody,
  Preferences,
  PreferencesView,
  ProfileBody,
  SupportBody,
  LanguageBody,
} from '../../../shared/contract/account';
import { addressBodySchema, profileBodySchema, provinceProblem } from '../../../shared/contract/account';
import type { User } from '../../../shared/contract/auth';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { authErrors } from '../auth/auth.errors';
import { deleteUserSessions, findPasswordHash, updatePasswordHash } from '../auth/auth.repository';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import { startSession } from '../auth/auth.usecases';
import { enqueueEmail } from '../email/email.outbox.repository';
import { passwordChangedEmail, supportRequestEmail, testEmail } from '../email/email.templates';
import { insertConsentEvent, lockPromotionalConsent } from '../privacy/privacy.consent.repository';
import { isOptedOut } from '../sms/sms.repository';
import { toE164 } from '../sms/sms.twilio';
import { accountErrors } from './account.errors';
import {
  findPreferences,
  insertSupportRequest,
  savePreferences,
  updateUser,
  saveLanguage,
} from './account.repository';

type Deps = { db: Database; clock: Clock; env: Env };

export async function updateProfile({ db, clock }: Deps, user: User, body: ProfileBody): Promise<User> {
  const input = profileBodySchema.parse(body);
  // A session alone never moves the account to another address (account.email-change.ts).
  if (input.email.toLowerCase() !== user.email.toLowerCase()) throw accountErrors.emailChangeNeedsPassword();
  // The province stays where the saved postal code is (the address form's rule).
  if (input.province !== undefined) {
    const problem = provinceProblem(user.postalCode, input.province);
    if (problem) throw accountErrors.provinceNotOfPostalCode(problem);
  }
  return updateUser(
    db,
    user.id,
    {
      fullName: input.fullName,
      phone: input.phone,
      // The edit-profile page sends no city or province: leave them as they are.
      ...(input.city !== undefined ? { city: input.city } : {}),
      ...(input.province !== undefined ? { province: input.province } : {}),
    },
    clock.now(),
  );
}

export async function updateAddress({ db, clock }: Deps, user: User, body: AddressBody): Promise<User> {
  const input = addressBodySchema.parse(body);
  return updateUser(db, user.id, input, clock.now());
}

/** Checks the current password, sets the new one, ends the user's other sessions and tells them by e-mail. */
/**
 * Changes the password over the one just checked (a reset or another change meanwhile wins: this one is
 * refused as a wrong password) and ends every session of the account, this browser's too: it gets a new
 * session id, kept or not as the old one was, so a copy of its old cookie signs nobody in.
 */
export async function changePassword(
  { db, clock, env }: Deps,
  user: User,
  currentSessionHash: string | null,
  body: ChangePasswordBody,
): Promise<{ id: string; remember: boolean }> {
  const hash = await findPasswordHash(db, user.id);
  if (!hash || !(await verifyPassword(hash, body.currentPassword))) throw authErrors.wrongCurrentPassword();
  const newHash = await hashPassword(body.newPassword);
  const now = clock.now();
  return db.transaction(async (tx) => {
    if (!(await updatePasswordHash(tx, user.id, newHash, now, hash))) throw authErrors.wrongCurrentPassword();
    const ended = await deleteUserSessions(tx, user.id);
    const remember = ended.find((session) => session.idHash === currentSessionHash)?.remember ?? false;
    const id = await startSession({ db: tx, clock }, user.id, remember);
    await enqueueEmail(
      tx,
      {
        to: user.email,
        kind: 'password_changed',
        ...passwordChangedEmail({ publicUrl: env.PUBLIC_URL, fullName: user.fullName }),
      },
      { now },
    );
    return { id, remember };
  });
}

export async function getPreferences(deps: Deps, user: User): Promise<PreferencesView> {
  return withTextsReach(deps, user, await findPreferences(deps.db, user.id));
}

/**
 * Why texts cannot reach the account's own number, when texts are sent at all (Twilio set up): it
 * replied STOP (none go until it replies START), or it is not a Canadian or US number (docs/product.md §10).
 */
async function withTextsReach(
  { db, env }: Deps,
  user: User,
  preferences: Preferences,
): Promise<PreferencesView> {
  const phone = toE164(user.phone);
  const replyTo = env.TWILIO_FROM;
  const stopped = phone !== null && replyTo !== undefined && (await isOptedOut(db, phone));
  const unreachable = phone === null && replyTo !== undefined && Boolean(user.phone);
  return {
    ...preferences,
    textsStopped: stopped ? { phone: phone!, replyTo: replyTo! } : null,
    textsUnreachable: unreachable ? { phone: user.phone! } : null,
  };
}

/**
 * Saves the three toggles. Promotional Messages is a consent (CASL, docs/product.md §15): each change of
 * it is recorded with its time and source, in the same transaction.
 */
/** A language chosen with the switch while signed in: the account's screens and e-mails follow it. */
export async function updateLanguage({ db, clock }: Deps, user: User, body: LanguageBody) {
  await saveLanguage(db, user.id, body.language, clock.now());
  return { language: body.language };
}

export async function updatePreferences(deps: Deps, user: User, preferences: Preferences) {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const before = await lockPromotionalConsent(tx, user.id);
    await savePreferences(tx, user.id, preferences, now);
    if (before !== undefined && before !== preferences.promotional)
      await insertConsentEvent(tx, {
        userId: user.id,
        topic: 'promotional',
        granted: preferences.promotional,
        source: 'settings',
        at: now,
      });
  });
  return withTextsReach(deps, user, preferences);
}

/** Stores the request and e-mails it to the support address, in one transaction. */
export async function submitSupportRequest({ db, clock, env }: Deps, user: User, body: SupportBody) {
  const now = clock.now();
  const fromName = user.fullName;
  const fromEmail = user.email;
  await db.transaction(async (tx) => {
    await insertSupportRequest(tx, {
      userId: user.id,
      subject: body.subject,
      category: body.category,
      message: body.message,
      userEmail: fromEmail,
      userName: fromName,
      createdAt: now,
    });
    await enqueueEmail(
      tx,
      {
        to: env.SUPPORT_EMAIL,
        kind: 'support_request',
        ...supportRequestEmail({
          subject: body.subject,
          category: body.category,
          message: body.message,
          fromName,
          fromEmail,
        }),
      },
      { now },
    );
  });
}

export async function sendTestEmail({ db, clock, env }: Deps, input: { email: string; name: string }) {
  await enqueueEmail(
    db,
    { to: input.email, kind: 'test', ...testEmail({ publicUrl: env.PUBLIC_URL, recipientName: input.name }) },
    { now: clock.now() },
  );
}
