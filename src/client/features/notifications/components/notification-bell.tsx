import { BellIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { cn } from '@/lib/cn';
import { useNotifications } from '../api/get-notifications';
import {
  useDismissNotification,
  useMarkAllNotificationsRead,
  useSetNotificationRead,
} from '../api/update-notifications';
import { unreadCount } from '../lib/filter-notifications';
import { NotificationItem } from './notification-item';

const BELL_LIMIT = 8;

/** The header's bell: unread count, the latest notifications, mark read, dismiss. Nothing when signed out. */
export function NotificationBell({ className }: { className?: string }) {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <Bell className={className} />;
}

function Bell({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const setRead = useSetNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const dismiss = useDismissNotification();
  const unread = unreadCount(notifications.data);
  const latest = (notifications.data ?? []).slice(0, BELL_LIMIT);
  const now = new Date();

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        className={cn(
          'relative inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-primary-50 focus-visible:outline-3 focus-visible:outline-accent-400',
          className,
        )}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        <BellIcon className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1.5 right-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[11px] leading-5 font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications" className="overflow-hidden p-0">
        <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-1.5">
          <p className="text-sm font-semibold text-ink">
            Notifications{unread > 0 ? <span className="ml-1 text-muted">({unread} unread)</span> : null}
          </p>
          <Button variant="link" size="sm" disabled={unread === 0} onClick={() => markAll.mutate(undefined)}>
            Mark all as read
          </Button>
        </div>
        <div className="max-h-[min(26rem,60dvh)] overflow-y-auto">
          {notifications.isPending ? (
            <p role="status" className="p-4 text-sm text-muted">
              Loading...
            </p>
          ) : notifications.isError ? (
            <p role="alert" className="p-4 text-sm text-danger">
              We could not load your notifications.
            </p>
          ) : latest.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted">You&apos;re all caught up.</p>
          ) : (
            <ul className="divide-y divide-line">
              {latest.map((n) => (
                <li key={n.id}>
                  <NotificationItem
                    notification={n}
                    now={now}
                    compact
                    onRead={() => setRead.mutate({ id: n.id, isRead: true })}
                    onDismiss={() => dismiss.mutate(n.id)}
                    onOpenLink={() => setOpen(false)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="border-t border-line p-1.5">
          <Button asChild variant="ghost" className="w-full">
            <Link to="/notifications" onClick={() => setOpen(false)}>
              View all notifications
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

/**
 * The phone top bar's bell: a link to /notifications with the unread count, like the desktop bell
 * (a visitor sees the plain link).
 */
export function MobileNotificationLink({ className }: { className?: string }) {
  const { user } = useCurrentUser();
  const notifications = useNotifications({ enabled: !!user });
  const unread = user ? unreadCount(notifications.data) : 0;
  return (
    <Link
      to="/notifications"
      className={cn('relative', className)}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
    >
      <BellIcon className="size-5" aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1.5 right-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[11px] leading-5 font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
