import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationInput = {
  userId: number;
  title: string;
  message: string;
  type: 'booking' | 'payment' | 'update' | 'system';
  linkUrl?: string | null;
  now: Date;
};

export async function insertNotifications(db: Executor, items: NotificationInput[]) {
  if (items.length === 0) return;
  await db.insert(notifications).values(
    items.map((n) => ({
      userId: n.userId,
      title: n.title,
      message: n.message,
      type: n.type,
      linkUrl: n.linkUrl ?? null,
      createdAt: n.now,
    })),
  );
}

export async function listNotifications(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(200);
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
