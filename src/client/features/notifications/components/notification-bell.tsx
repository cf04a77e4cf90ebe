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
import { useT } from '@/lib/i18n/i18n';

const BELL_LIMIT = 8;

/** The header's bell: unread count, the latest notifications, mark read, dismiss. Nothing when signed out. */
export function NotificationBell({ className }: { className?: string }) {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <Bell className={className} />;
}

function Bell({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const t = useT('notifications');
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
        aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
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
      <PopoverContent aria-label={t('bell.label')} className="overflow-hidden p-0">
        <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-1.5">
          <p className="text-sm font-semibold text-ink">
            {t('bell.title')}
            {unread > 0 ? (
              <span className="ml-1 text-muted">{t('bell.unread', { count: unread })}</span>
            ) : null}
          </p>
          <Button variant="link" size="sm" disabled={unread === 0} onClick={() => markAll.mutate(undefined)}>
            {t('markAll')}
          </Button>
        </div>
        <div className="max-h-[min(26rem,60dvh)] overflow-y-auto">
          {notifications.isPending ? (
            <p role="status" className="p-4 text-sm text-muted">
              {t('loading')}
            </p>
          ) : notifications.isError ? (
            <p role="alert" className="p-4 text-sm text-danger">
              {t('loadFailed')}
            </p>
          ) : latest.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted">{t('caughtUp')}</p>
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
              {t('viewAll')}
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
  const t = useT('shell');
  return (
    <Link
      to="/notifications"
      className={cn('relative', className)}
      aria-label={unread > 0 ? t('topBar.notificationsUnread', { count: unread }) : t('topBar.notifications')}
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
