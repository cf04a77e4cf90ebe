import { type AdminBooking, bookingCounters } from '@shared/contract/admin';
import { formatCents } from '@shared/domain/money';
import { CalendarCheckIcon, CheckCircle2Icon, CalendarXIcon, HourglassIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListStates } from '@/components/ui/list-states';
import { StatCard } from '@/components/ui/stat-card';
import { errorMessage } from '@/lib/errors';
import { BookingStatusBadge } from '@/components/ui/booking-status-badge';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { useAdminBookings } from '../api/get-bookings';
import { type AdminBookingAction, useUpdateAdminBooking } from '../api/update-booking';
import { adminBookingActions, bookingWhen, paymentLabel } from '../lib/admin-view';

function PaymentBadge({ paymentStatus }: { paymentStatus: string }) {
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
      {paymentLabel(paymentStatus)}
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
  const actions = adminBookingActions(booking, new Date());
  return (
    <li className="grid gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink">{booking.serviceTitle}</h3>
          <p className="text-sm text-muted">
            {booking.providerName} · Ref. {booking.referenceNumber}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <BookingStatusBadge status={booking.status} />
          <PaymentBadge paymentStatus={booking.paymentStatus} />
        </div>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium text-muted">Customer: </dt>
          <dd className="inline text-ink">{booking.customerName}</dd>
        </div>
        <div className="min-w-0 truncate">
          <dt className="inline font-medium text-muted">Email: </dt>
          <dd className="inline text-ink">{booking.customerEmail}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-muted">Date: </dt>
          <dd className="inline text-ink">{bookingWhen(booking.serviceDate)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-muted">Total: </dt>
          <dd className="inline font-semibold text-ink">{formatCents(booking.totalCents)}</dd>
        </div>
      </dl>
      {actions.canResolve ? (
        <p className="rounded-lg bg-accent-50 p-2 text-sm text-ink">
          The customer reports that the professional did not come. Refund in full, or count it as completed if
          the service took place.
        </p>
      ) : null}
      {actions.canConfirm || actions.canCancel || actions.canResolve ? (
        <div className="flex flex-wrap justify-end gap-2">
          {actions.canResolve ? (
            <>
              <Button size="sm" onClick={() => onAction('resolve_refund')} disabled={busy}>
                Refund in Full
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onAction('resolve_completed')}
                disabled={busy}
              >
                Count as Completed
              </Button>
            </>
          ) : null}
          {actions.canConfirm ? (
            <Button size="sm" onClick={() => onAction('confirm')} disabled={busy}>
              Confirm Payment
            </Button>
          ) : null}
          {actions.canCancel ? (
            <Button
              size="sm"
              variant="outline"
              className="border-danger/30 text-danger hover:border-danger/50 hover:bg-danger-soft"
              onClick={() => onAction('cancel')}
              disabled={busy}
            >
              Cancel
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Bookings: counters, the scrollable list of bookings, Confirm Payment and Cancel. */
export function BookingsPanel() {
  const bookings = useAdminBookings();
  const update = useUpdateAdminBooking();
  const [cancelling, setCancelling] = useState<AdminBooking | null>(null);
  const list = bookings.data ?? [];
  const counts = bookingCounters(list);

  const run = (booking: AdminBooking, action: AdminBookingAction) =>
    update.mutate(
      { id: booking.id, action },
      {
        onSuccess: () => {
          notify(
            'success',
            'Booking updated',
            {
              confirm: 'The payment is confirmed and the customer e-mailed.',
              cancel: 'The booking is cancelled and refunded in full.',
              resolve_refund: 'The customer is refunded in full; both sides are e-mailed.',
              resolve_completed: 'The booking counts as completed; both sides are e-mailed.',
            }[action],
          );
          setCancelling(null);
        },
        onError: (error) => notify('error', 'Update failed', errorMessage(error, 'Please try again.')),
      },
    );

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-3 gap-3">
        <StatCard
          label="Pending"
          value={counts.pending}
          icon={HourglassIcon}
          tone="accent"
          loading={bookings.isPending}
        />
        <StatCard
          label="Confirmed"
          value={counts.confirmed}
          icon={CalendarCheckIcon}
          loading={bookings.isPending}
        />
        <StatCard
          label="Completed"
          value={counts.completed}
          icon={CheckCircle2Icon}
          tone="neutral"
          loading={bookings.isPending}
        />
      </div>
      <ListStates
        isPending={bookings.isPending}
        isError={bookings.isError}
        isEmpty={list.length === 0}
        loadingLabel="Loading bookings..."
        skeletonClassName="h-36"
        errorText="Bookings could not be loaded. Please try again later."
        empty={{ icon: CalendarXIcon, title: 'No bookings found' }}
      >
        <section
          aria-label="Bookings list"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          className="max-h-[70dvh] overflow-y-auto rounded-(--radius-card) focus-visible:outline-3 focus-visible:outline-accent-400"
        >
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
      </ListStates>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        title="Cancel this booking?"
        description={
          cancelling
            ? `${cancelling.serviceTitle} for ${cancelling.customerName}. ${
                cancelling.paymentStatus === 'confirmed'
                  ? 'The payment is refunded in full and the customer is e-mailed.'
                  : 'The time is freed; nothing was paid, so there is nothing to refund.'
              }`
            : ''
        }
        confirmLabel="Cancel Booking"
        pendingLabel="Cancelling..."
        pending={update.isPending}
        onConfirm={() => (cancelling ? run(cancelling, 'cancel') : undefined)}
      />
    </div>
  );
}
