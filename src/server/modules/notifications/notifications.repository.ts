import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { isLocale, LOCALES, type Locale } from '../../../shared/i18n/locales';
import type { Executor } from '../../db/client';
import { notifications, users } from '../../db/schema';

type NotificationText = { title: string; message: string };

export type NotificationInput = NotificationText & {
  userId: number;
  type: 'booking' | 'payment' | 'update' | 'system';
  linkUrl?: string | null;
  now: Date;
  /**
   * The same notification in each language: the one in the recipient's account language is kept
   * (docs/decisions/013-english-and-french.md), as for e-mails; `title` and `message` otherwise.
   */
  localized?: Record<Locale, NotificationText>;
};

/** A notification's title and message in every language, the English ones as its plain text. */
export function inEveryLanguage(text: (locale: Locale) => NotificationText) {
  const localized = Object.fromEntries(LOCALES.map((locale) => [locale, text(locale)])) as Record<
    Locale,
    NotificationText
  >;
  return { ...localized.en, localized };
}

/** The account language of each recipient of a localized notification. */
async function languagesOf(db: Executor, items: NotificationInput[]): Promise<Map<number, Locale>> {
  const ids = [...new Set(items.filter((n) => n.localized).map((n) => n.userId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.flatMap((row) => (isLocale(row.language) ? [[row.id, row.language] as const] : [])));
}

export async function insertNotifications(db: Executor, items: NotificationInput[]) {
  if (items.length === 0) return;
  const languages = await languagesOf(db, items);
  await db.insert(notifications).values(
    items.map((n) => ({
      userId: n.userId,
      ...(n.localized?.[languages.get(n.userId) ?? 'en'] ?? { title: n.title, message: n.message }),
      type: n.type,
      linkUrl: n.linkUrl ?? null,
      createdAt: n.now,
    })),
  );
}

/** The newest notifications a list shows; unread ones older than these are listed too. */
const RECENT = 200;
/** A bound on the list all the same (unread ones are marked read from it; far fewer in practice). */
const MOST = 1_000;

/**
 * A person's notifications, newest first: the newest RECENT and every unread one (up to MOST in all).
 * The bell's count and the page are worked out from this list, so an unread notice pushed past the
 * newest by many read ones must stay in it, or it could never be seen, opened or marked read.
 */
export async function listNotifications(db: Executor, userId: number) {
  const newest = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(RECENT);
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        or(eq(notifications.isRead, false), inArray(notifications.id, newest)),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(MOST);
  return rows.map((n) => ({
    id: n.id,
    title: n.title,
    message: n.message,
    type: n.type,
    linkUrl: n.linkUrl,
    isRead: n.isRead,
    createdAt: n.createdAt.toISOString(),
  }));
}

/** Owner-scoped: another user's id changes nothing and answers false (a 404 for the caller). */
export async function setRead(db: Executor, userId: number, id: number, isRead: boolean): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Executor, userId: number) {
  await db.update(notifications).set({ isRead: true }).where(eq(notifications.userId, userId));
}

export async function deleteNotification(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
