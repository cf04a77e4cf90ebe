import type { BookingStatus } from '@shared/domain/booking-lifecycle';
import { cn } from '@/lib/cn';
import type { MessageKey } from '@/lib/i18n/catalogs';
import { useT } from '@/lib/i18n/i18n';

export type StatusTone = 'success' | 'info' | 'danger' | 'warning' | 'neutral';

/** Every booking state's badge, the same on the customer's, the partner's and the admin's screens. */
export const STATUS_BADGES: Record<BookingStatus, { label: MessageKey<'ui'>; tone: StatusTone }> = {
  awaiting_payment: { label: 'status.awaiting_payment', tone: 'warning' },
  confirmed: { label: 'status.confirmed', tone: 'success' },
  completed: { label: 'status.completed', tone: 'info' },
  cancelled: { label: 'status.cancelled', tone: 'danger' },
  expired: { label: 'status.expired', tone: 'neutral' },
  no_show: { label: 'status.no_show', tone: 'danger' },
  disputed: { label: 'status.disputed', tone: 'warning' },
};

export const TONE_CLASSES: Record<StatusTone, string> = {
  success: 'bg-primary-50 text-primary-800 ring-1 ring-primary-200',
  info: 'bg-sky-50 text-sky-800 ring-1 ring-sky-200',
  danger: 'bg-danger-soft text-danger ring-1 ring-danger/20',
  warning: 'bg-accent-50 text-accent-700 ring-1 ring-accent-200',
  neutral: 'bg-sand text-ink',
};

export function BookingStatusBadge({ status, className }: { status: BookingStatus; className?: string }) {
  const t = useT('ui');
  const badge = STATUS_BADGES[status];
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        TONE_CLASSES[badge.tone],
        className,
      )}
    >
      {t(badge.label)}
    </span>
  );
}
