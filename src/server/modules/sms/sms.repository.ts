import { eq, sql } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../shared/i18n/locales';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

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

/**
 * Turns SMS Notifications off for every account with this number (however it was typed: only its
 * digits count). Answers how many accounts changed.
 */
export async function turnSmsOffFor(db: Executor, e164: string, now: Date): Promise<number> {
  const digits = e164.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const rows = await db
    .update(users)
    .set({
      preferences: sql`jsonb_set(${users.preferences}, '{sms}', 'false'::jsonb)`,
      updatedAt: now,
    })
    .where(
      sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') in (${digits}, ${national})
        and coalesce((${users.preferences}->>'sms')::boolean, true)`,
    )
    .returning({ id: users.id });
  return rows.length;
}
