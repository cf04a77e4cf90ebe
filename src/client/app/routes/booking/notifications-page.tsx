import { BellOffIcon, SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuthLoading } from '@/features/auth';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { storeRedirect } from '@/features/auth';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import {
  useDismissNotification,
  useMarkAllNotificationsRead,
  useSetNotificationRead,
} from '@/features/notifications/api/update-notifications';
import { NotificationItem } from '@/features/notifications/components/notification-item';
import {
  filterNotifications,
  NOTIFICATION_TABS,
  type NotificationTab,
  unreadCount,
} from '@/features/notifications/lib/filter-notifications';
import { useT } from '@/lib/i18n/i18n';

/** /notifications: search, tabs All / Unread / Bookings / Payments. */
export function NotificationsPage() {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  const t = useT('notifications');
  if (isLoading) return <AuthLoading />;
  if (!user) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <PageMeta title={t('page.title')} description={t('page.signedOutDescription')} />
        <BellOffIcon className="mx-auto size-12 text-muted" aria-hidden="true" />
        <h1 className="mt-3 text-xl font-semibold text-ink">{t('page.signIn')}</h1>
        <Button asChild className="mt-5">
          <Link to="/auth" onClick={() => storeRedirect(location.pathname)}>
            {t('page.signInButton')}
          </Link>
        </Button>
      </div>
    );
  }
  return <Notifications />;
}

function Notifications() {
  const notifications = useNotifications();
  const setRead = useSetNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const dismiss = useDismissNotification();
  const [tab, setTab] = useState<NotificationTab>('all');
  const [search, setSearch] = useState('');
  const list = filterNotifications(notifications.data ?? [], tab, search);
  const unread = unreadCount(notifications.data);
  const now = new Date();
  const t = useT('notifications');

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 lg:px-6">
      <PageMeta title={t('page.title')} description={t('page.description')} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('page.title')}</h1>
          <p className="mt-1 text-muted">
            {unread > 0 ? t('page.unread', { count: unread }) : t('page.allCaughtUp')}
          </p>
        </div>
        <Button variant="outline" disabled={unread === 0} onClick={() => markAll.mutate(undefined)}>
          {t('markAll')}
        </Button>
      </div>

      <div className="relative mt-5">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={t('page.search')}
          placeholder={t('page.searchPlaceholder')}
          className="pl-11"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value as NotificationTab)} className="mt-4">
        <TabsList aria-label={t('page.tabs')}>
          {NOTIFICATION_TABS.map((name) => (
            <TabsTrigger key={name} value={name}>
              {t(`tab.${name}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent
          value={tab}
          className="overflow-hidden rounded-(--radius-card) border border-line bg-surface"
        >
          {notifications.isPending ? (
            <p role="status" className="p-6 text-center text-muted">
              {t('loading')}
            </p>
          ) : notifications.isError ? (
            <div role="alert" className="p-6 text-center">
              <p className="font-semibold text-danger">{t('loadFailed')}</p>
              <Button variant="outline" className="mt-3" onClick={() => void notifications.refetch()}>
                {t('page.retry')}
              </Button>
            </div>
          ) : list.length === 0 ? (
            <div className="p-10 text-center">
              <BellOffIcon className="mx-auto size-10 text-muted" aria-hidden="true" />
              <p className="mt-2 font-semibold text-ink">{t('page.none')}</p>
            </div>
          ) : (
            <ul className="divide-y divide-line">
              {list.map((n) => (
                <li key={n.id}>
                  <NotificationItem
                    notification={n}
                    now={now}
                    onRead={() => setRead.mutate({ id: n.id, isRead: true })}
                    onDismiss={() => dismiss.mutate(n.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
