import type { BookingStatus } from '@shared/domain/booking-lifecycle';
import type { ReactNode } from 'react';
import { BookingStatusBadge } from '@/components/ui/booking-status-badge';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/i18n';

/** A button of a booking card's action bar; `false` or `null` when the lifecycle does not allow it now. */
export type BookingCardAction = { label: string; onClick: () => void; variant?: 'primary' | 'outline' };

/**
 * A booking as the back office shows it (the admin's and the partner's lists): the service, who and the
 * reference, the status badge (and any other badge), the details, then an action bar whose buttons the
 * lifecycle allows, the danger Cancel last. Every button waits while the booking is being updated.
 */
export function BackOfficeBookingCard({
  booking,
  party,
  badges,
  actions = [],
  onCancel,
  busy,
  children,
}: {
  booking: { serviceTitle: string; referenceNumber: string; status: BookingStatus };
  /** The other side of the booking: the provider for the admin, the customer for the partner. */
  party: string;
  badges?: ReactNode;
  actions?: readonly (BookingCardAction | false | null)[];
  /** Shows Cancel when given (the lifecycle allows it). */
  onCancel?: (() => void) | null;
  busy: boolean;
  children: ReactNode;
}) {
  const t = useT('backoffice');
  const buttons = actions.filter((action): action is BookingCardAction => Boolean(action));
  return (
    <li className="grid gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink">{booking.serviceTitle}</h3>
          <p className="text-sm text-muted">
            {party} · {t('booking.reference', { reference: booking.referenceNumber })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <BookingStatusBadge status={booking.status} />
          {badges}
        </div>
      </div>
      {children}
      {buttons.length > 0 || onCancel ? (
        <div className="flex flex-wrap justify-end gap-2">
          {buttons.map((action) => (
            <Button
              key={action.label}
              size="sm"
              variant={action.variant ?? 'primary'}
              onClick={action.onClick}
              disabled={busy}
            >
              {action.label}
            </Button>
          ))}
          {onCancel ? (
            <Button
              size="sm"
              variant="outline"
              className="border-danger/30 text-danger hover:border-danger/50 hover:bg-danger-soft"
              onClick={onCancel}
              disabled={busy}
            >
              {t('booking.cancel')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
