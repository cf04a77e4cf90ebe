import { type AdminBooking, bookingCounters } from '@shared/contract/admin';
import { CalendarCheckIcon, CheckCircle2Icon, HourglassIcon } from 'lucide-react';
import { useState } from 'react';
import { BackOfficeBookingCard } from '@/components/back-office/booking-card';
import { BookingListStates } from '@/components/back-office/booking-list-states';
import { CancelWithReasonDialog } from '@/components/back-office/cancel-with-reason-dialog';
import { StatRow } from '@/components/ui/stat-row';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useAdminBookings } from '../api/get-bookings';
import { type AdminBookingAction, useUpdateAdminBooking } from '../api/update-booking';
import { adminBookingActions } from '../lib/admin-view';
import { useFormat, useT, useTOptional } from '@/lib/i18n/i18n';

function PaymentBadge({ paymentStatus }: { paymentStatus: string }) {
  const t = useTOptional('admin');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        paymentStatus === 'confirmed' && 'bg-primary-50 text-primary-800 ring-1 ring-primary-200',
        paymentStatus === 'pending' && 'bg-accent-50 text-accent-700 ring-1 ring-accent-200',
        paymentStatus === 'failed' && 'bg-danger-soft text-danger ring-1 ring-danger/20',
        paymentStatus === 'refunded' && 'bg-sand text-ink',
      )}
    >
      {t(`payment.${paymentStatus}`, paymentStatus)}
    </span>
  );
}

function BookingCard({
  booking,
  busy,
  onAction,
}: {
  booking: AdminBooking;
  busy: boolean;
  onAction: (action: AdminBookingAction) => void;
}) {
  const t = useT('admin');
  const format = useFormat();
  const actions = adminBookingActions(booking, new Date());
  return (
    <BackOfficeBookingCard
      booking={booking}
      party={booking.providerName}
      badges={<PaymentBadge paymentStatus={booking.paymentStatus} />}
      busy={busy}
      actions={[
        actions.canResolve && { label: t('bookings.refund'), onClick: () => onAction('resolve_refund') },
        actions.canResolve && {
          label: t('bookings.countCompleted'),
          variant: 'outline',
          onClick: () => onAction('resolve_completed'),
        },
        actions.canConfirm && { label: t('bookings.confirmPayment'), onClick: () => onAction('confirm') },
      ]}
      onCancel={actions.canCancel ? () => onAction('cancel') : null}
    >
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium text-muted">{t('bookings.customer')} </dt>
          <dd className="inline text-ink">{booking.customerName}</dd>
        </div>
        <div className="min-w-0 truncate">
          <dt className="inline font-medium text-muted">{t('bookings.email')} </dt>
          <dd className="inline text-ink">{booking.customerEmail}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-muted">{t('bookings.date')} </dt>
          <dd className="inline text-ink">
            {booking.serviceDate && !Number.isNaN(Date.parse(booking.serviceDate))
              ? format.bookedTime(booking.serviceDate)
              : t('bookings.dateTbd')}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-muted">{t('bookings.total')} </dt>
          <dd className="inline font-semibold text-ink">{format.money(booking.totalCents)}</dd>
        </div>
      </dl>
      {actions.canResolve ? (
        <p className="rounded-lg bg-accent-50 p-2 text-sm text-ink">{t('bookings.disputed')}</p>
      ) : null}
    </BackOfficeBookingCard>
  );
}

/** Bookings: counters, the scrollable list of bookings, Confirm Payment and Cancel (with a reason). */
export function BookingsPanel() {
  const t = useT('admin');
  const bookings = useAdminBookings();
  const update = useUpdateAdminBooking();
  const [cancelling, setCancelling] = useState<AdminBooking | null>(null);
  const list = bookings.data ?? [];
  const counts = bookingCounters(list);

  const run = (booking: AdminBooking, action: AdminBookingAction, reason?: string) =>
    update.mutate(
      { id: booking.id, action, reason },
      {
        onSuccess: () => {
          notify('success', t('bookings.updated'), t(`bookings.done.${action}`));
          setCancelling(null);
        },
        onError: (error) => notify('error', t('bookings.updateFailed'), errorMessage(error, t('tryAgain'))),
      },
    );

  return (
    <div className="grid gap-4">
      <StatRow
        loading={bookings.isPending}
        failed={bookings.isError}
        stats={[
          { label: t('bookings.pending'), value: counts.pending, icon: HourglassIcon, tone: 'accent' },
          { label: t('bookings.confirmed'), value: counts.confirmed, icon: CalendarCheckIcon },
          {
            label: t('bookings.completed'),
            value: counts.completed,
            icon: CheckCircle2Icon,
            tone: 'neutral',
          },
        ]}
      />
      <BookingListStates
        query={bookings}
        isEmpty={list.length === 0}
        skeletonClassName="h-36"
        empty={{ title: t('bookings.empty') }}
      >
        {/* The page scrolls, not a box inside it: a box cut its last card with no sign there was more,
            and on a phone it was a scroll inside a scroll. */}
        <section aria-label={t('bookings.list')}>
          <ul className="grid gap-3">
            {list.map((booking) => (
              <BookingCard
                key={booking.id}
                booking={booking}
                busy={update.isPending && update.variables?.id === booking.id}
                onAction={(action) => (action === 'cancel' ? setCancelling(booking) : run(booking, action))}
              />
            ))}
          </ul>
        </section>
      </BookingListStates>
      <CancelWithReasonDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        description={
          cancelling
            ? t(cancelling.paymentStatus === 'confirmed' ? 'bookings.cancelPaid' : 'bookings.cancelUnpaid', {
                service: cancelling.serviceTitle,
                customer: cancelling.customerName,
              })
            : ''
        }
        placeholder={t('bookings.cancelPlaceholder')}
        pending={update.isPending}
        onConfirm={(reason) => (cancelling ? run(cancelling, 'cancel', reason) : undefined)}
      />
    </div>
  );
}
