import type { Notification } from '@shared/contract/notifications';

export const NOTIFICATION_TABS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'booking', label: 'Bookings' },
  { value: 'payment', label: 'Payments' },
] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number]['value'];

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
