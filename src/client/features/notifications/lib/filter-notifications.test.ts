import type { Notification } from '@shared/contract/notifications';
import { describe, expect, it } from 'vitest';
import { filterNotifications, unreadCount } from './filter-notifications';

const n = (id: number, type: Notification['type'], isRead: boolean, title: string): Notification => ({
  id,
  type,
  isRead,
  title,
  message: `Message ${id}`,
  linkUrl: null,
  createdAt: '2026-11-22T12:00:00Z',
});
const list = [
  n(1, 'booking', false, 'Booking confirmed'),
  n(2, 'payment', true, 'Payment received'),
  n(3, 'update', false, 'New feature'),
];

describe('notification tabs and search', () => {
  it('filters by tab', () => {
    expect(filterNotifications(list, 'all', '').map((x) => x.id)).toEqual([1, 2, 3]);
    expect(filterNotifications(list, 'unread', '').map((x) => x.id)).toEqual([1, 3]);
    expect(filterNotifications(list, 'booking', '').map((x) => x.id)).toEqual([1]);
    expect(filterNotifications(list, 'payment', '').map((x) => x.id)).toEqual([2]);
  });
  it('searches title and message, case-insensitively', () => {
    expect(filterNotifications(list, 'all', 'PAYMENT').map((x) => x.id)).toEqual([2]);
    expect(filterNotifications(list, 'all', 'message 3').map((x) => x.id)).toEqual([3]);
    expect(filterNotifications(list, 'unread', 'payment')).toEqual([]);
  });
  it('counts unread', () => {
    expect(unreadCount(list)).toBe(2);
    expect(unreadCount(undefined)).toBe(0);
  });
});
