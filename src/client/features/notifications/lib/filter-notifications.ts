import type { Notification } from '@shared/contract/notifications';

/** The tabs of /notifications (their names are the `notifications` catalog's `tab.*`). */
export const NOTIFICATION_TABS = ['all', 'unread', 'booking', 'payment'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

/** The notifications of a tab whose title or message contains the search text (case-insensitive). */
export function filterNotifications(
  list: readonly Notification[],
  tab: NotificationTab,
  search: string,
): Notification[] {
  const needle = search.trim().toLowerCase();
  return list.filter((n) => {
    if (tab === 'unread' && n.isRead) return false;
    if ((tab === 'booking' || tab === 'payment') && n.type !== tab) return false;
    if (!needle) return true;
    return n.title.toLowerCase().includes(needle) || n.message.toLowerCase().includes(needle);
  });
}

export function unreadCount(list: readonly Notification[] | undefined): number {
  return list?.filter((n) => !n.isRead).length ?? 0;
}
