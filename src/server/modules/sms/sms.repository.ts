import { eq, inArray, sql } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../shared/i18n/locales';
import type { Executor } from '../../db/client';
import { smsOptOuts, users } from '../../db/schema';
import { toE164 } from './sms.twilio';

/** Phone numbers and the SMS Notifications setting of accounts. */

/** An account's phone number and the language its texts are written in. */
export async function findUserTextContact(
  db: Executor,
  userId: number,
): Promise<{ phone: string | null; language: Locale }> {
  const [row] = await db
    .select({ phone: users.phone, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { phone: row?.phone ?? null, language: isLocale(row?.language) ? row.language : 'en' };
}

/** Accounts whose number as typed ends with these ten digits: the expression of users_phone_digits_idx. */
export function phoneDigitsAre(national: string) {
  return sql`right(regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g'), 10) = ${national}`;
}

/**
 * Turns SMS Notifications off for every account whose number is this one, however it was typed (its
 * E.164 form is compared, so `+65 9123 4568` is not `659-123-4568`). Answers how many accounts changed.
 */
export async function turnSmsOffFor(db: Executor, e164: string, now: Date): Promise<number> {
  const national = e164.replace(/^\+1/, '');
  // The digits narrow the accounts down in the database; the number's own rule (toE164) decides.
  const candidates = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(sql`${phoneDigitsAre(national)} and coalesce((${users.preferences}->>'sms')::boolean, true)`);
  const ids = candidates.filter((row) => toE164(row.phone) === e164).map((row) => row.id);
  if (ids.length === 0) return 0;
  const rows = await db
    .update(users)
    .set({
      preferences: sql`jsonb_set(${users.preferences}, '{sms}', 'false'::jsonb)`,
      updatedAt: now,
    })
    .where(inArray(users.id, ids))
    .returning({ id: users.id });
  return rows.length;
}

/** The number replied STOP (or Twilio refused it as unsubscribed): no text goes to it any more. */
export async function optOutNumber(db: Executor, e164: string, now: Date): Promise<void> {
  await db.insert(smsOptOuts).values({ phone: e164, optedOutAt: now }).onConflictDoNothing();
}

/** The number replied START (or UNSTOP, YES): texts may go to it again. */
export async function optInNumber(db: Executor, e164: string): Promise<void> {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, e164));
}

/** Which of these numbers replied STOP, and when. */
export async function optOutsOf(db: Executor, numbers: readonly string[]) {
  if (numbers.length === 0) return [];
  return db
    .select({ phone: smsOptOuts.phone, since: smsOptOuts.optedOutAt })
    .from(smsOptOuts)
    .where(inArray(smsOptOuts.phone, [...numbers]))
    .orderBy(smsOptOuts.phone);
}

export async function isOptedOut(db: Executor, e164: string): Promise<boolean> {
  const rows = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, e164))
    .limit(1);
  return rows.length > 0;
}
