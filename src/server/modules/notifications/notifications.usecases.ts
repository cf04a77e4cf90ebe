import type { Executor } from '../../db/client';
import { notificationErrors } from './notifications.errors';
import { deleteNotification, listNotifications, markAllRead, setRead } from './notifications.repository';

/** A person's own notifications (docs/product.md §3: another person's is the same 404 as a missing one). */

type Deps = { db: Executor };

export function myNotifications(deps: Deps, userId: number) {
  return listNotifications(deps.db, userId);
}

export async function markNotificationRead(deps: Deps, userId: number, id: number, isRead: boolean) {
  if (!(await setRead(deps.db, userId, id, isRead))) throw notificationErrors.notFound();
  return { id, isRead };
}

export function markAllNotificationsRead(deps: Deps, userId: number) {
  return markAllRead(deps.db, userId);
}

export async function dismissNotification(deps: Deps, userId: number, id: number) {
  if (!(await deleteNotification(deps.db, userId, id))) throw notificationErrors.notFound();
}
