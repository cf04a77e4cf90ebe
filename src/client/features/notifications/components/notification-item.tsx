import type { Notification } from '@shared/contract/notifications';
import { BellIcon, CalendarCheckIcon, CheckIcon, CreditCardIcon, InfoIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { durationParts, isJustNow } from '@/lib/relative-time';
import { useT } from '@/lib/i18n/i18n';

const ICONS = { booking: CalendarCheckIcon, payment: CreditCardIcon, update: InfoIcon, system: BellIcon };

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-sand hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-400';

/** One notification: icon, title, message, relative time; mark as read and dismiss. */
export function NotificationItem({
  notification,
  now,
  compact = false,
  onRead,
  onDismiss,
  onOpenLink,
}: {
  notification: Notification;
  now: Date;
  compact?: boolean;
  onRead: () => void;
  onDismiss: () => void;
  onOpenLink?: () => void;
}) {
  const Icon = ICONS[notification.type];
  const t = useT('notifications');
  const unread = !notification.isRead;
  const title = (
    <span className={cn('text-sm text-ink', unread ? 'font-semibold' : 'font-medium')}>
      {notification.title}
    </span>
  );
  return (
    <div
      className={cn('flex items-start gap-3', compact ? 'px-3 py-2.5' : 'p-4', unread && 'bg-primary-50/60')}
    >
      <span
        className={cn(
          'mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full',
          unread ? 'bg-primary-100 text-primary-800' : 'bg-sand text-muted',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2">
          {unread ? (
            <>
              <span className="size-2 shrink-0 rounded-full bg-accent-500" aria-hidden="true" />
              <span className="sr-only">{t('item.unread')}</span>
            </>
          ) : null}
          {notification.linkUrl ? (
            <Link
              to={notification.linkUrl}
              onClick={() => {
                if (unread) onRead();
                onOpenLink?.();
              }}
              className="hover:underline"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </p>
        <p className={cn('mt-0.5 text-sm text-muted', compact && 'line-clamp-2')}>{notification.message}</p>
        <p className="mt-1 text-xs text-muted">
          <time dateTime={notification.createdAt}>
            {isJustNow(notification.createdAt, now)
              ? t('item.justNow')
              : t('item.ago', durationParts(notification.createdAt, now))}
          </time>
        </p>
      </div>
      <div className="flex shrink-0 items-center">
        {unread ? (
          <button
            type="button"
            className={iconButton}
            onClick={onRead}
            aria-label={t('item.markRead', { title: notification.title })}
          >
            <CheckIcon className="size-4" aria-hidden="true" />
          </button>
        ) : null}
        <button
          type="button"
          className={iconButton}
          onClick={onDismiss}
          aria-label={t('item.dismiss', { title: notification.title })}
        >
          <XIcon className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
