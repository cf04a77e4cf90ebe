import { eq } from 'drizzle-orm';
import type { User } from '../../../shared/contract/auth';
import type { Preferences } from '../../../shared/contract/account';
import type { Locale } from '../../../shared/i18n/locales';
import type { Executor } from '../../db/client';
import { supportRequests, users } from '../../db/schema';
import { authErrors } from '../auth/auth.errors';
import { findUserById } from '../auth/auth.repository';

export async function updateUser(
  db: Executor,
  userId: number,
  values: Partial<
    Pick<
      typeof users.$inferInsert,
      'fullName' | 'email' | 'phone' | 'city' | 'province' | 'street' | 'unit' | 'postalCode'
    >
  >,
  now: Date,
): Promise<User> {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId));
  const user = await findUserById(db, userId);
  // The account was deleted while this request was on its way (its session was good when it came).
  if (!user) throw authErrors.signInRequired();
  return user;
}

export async function findPreferences(db: Executor, userId: number): Promise<Preferences> {
  const [row] = await db
    .select({ preferences: users.preferences })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.preferences ?? { email: true, sms: true, promotional: false };
}

export async function savePreferences(db: Executor, userId: number, preferences: Preferences, now: Date) {
  await db.update(users).set({ preferences, updatedAt: now }).where(eq(users.id, userId));
}

/** The account's language (its screens after sign-in, its e-mails). */
export async function saveLanguage(db: Executor, userId: number, language: Locale, now: Date) {
  await db.update(users).set({ language, updatedAt: now }).where(eq(users.id, userId));
}

/** An account deleted while this was on its way is the error handler's 401 (lostRace), as for any write. */
export async function insertSupportRequest(db: Executor, values: typeof supportRequests.$inferInsert) {
  const [row] = await db.insert(supportRequests).values(values).returning({ id: supportRequests.id });
  return row!.id;
}
