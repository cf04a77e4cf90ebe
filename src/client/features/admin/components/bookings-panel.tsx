import { type AdminBooking, bookingCounters } from '@shared/contract/admin';
import { formatCents } from '@shared/domain/money';
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
    <BackOfficeBookingCard
      booking={booking}
      party={booking.providerName}
      badges={<PaymentBadge paymentStatus={booking.paymentStatus} />}
      busy={busy}
      actions={[
        actions.canResolve && { label: 'Refund in Full', onClick: () => onAction('resolve_refund') },
        actions.canResolve && {
          label: 'Count as Completed',
          variant: 'outline',
          onClick: () => onAction('resolve_completed'),
        },
        actions.canConfirm && { label: 'Confirm Payment', onClick: () => onAction('confirm') },
      ]}
      onCancel={actions.canCancel ? () => onAction('cancel') : null}
    >
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
    </BackOfficeBookingCard>
  );
}

const DONE: Record<AdminBookingAction, string> = {
  confirm: 'The payment is confirmed and the customer e-mailed.',
  cancel: 'The booking is cancelled and refunded in full.',
  resolve_refund: 'The customer is refunded in full; both sides are e-mailed.',
  resolve_completed: 'The booking counts as completed; both sides are e-mailed.',
};

/** Bookings: counters, the scrollable list of bookings, Confirm Payment and Cancel (with a reason). */
export function BookingsPanel() {
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
          notify('success', 'Booking updated', DONE[action]);
          setCancelling(null);
        },
        onError: (error) => notify('error', 'Update failed', errorMessage(error, 'Please try again.')),
      },
    );

  return (
    <div className="grid gap-4">
      <StatRow
        loading={bookings.isPending}
        stats={[
          { label: 'Pending', value: counts.pending, icon: HourglassIcon, tone: 'accent' },
          { label: 'Confirmed', value: counts.confirmed, icon: CalendarCheckIcon },
          { label: 'Completed', value: counts.completed, icon: CheckCircle2Icon, tone: 'neutral' },
        ]}
      />
      <BookingListStates
        query={bookings}
        isEmpty={list.length === 0}
        skeletonClassName="h-36"
        empty={{ title: 'No bookings found' }}
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
      </BookingListStates>
      <CancelWithReasonDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        description={
          cancelling
            ? `${cancelling.serviceTitle} for ${cancelling.customerName}. ${
                cancelling.paymentStatus === 'confirmed'
                  ? 'The payment is refunded in full and the customer is e-mailed.'
                  : 'The time is freed; nothing was paid, so there is nothing to refund.'
              }`
            : ''
        }
        placeholder="For example: the professional cannot come and no one can replace them. We are sorry."
        pending={update.isPending}
        onConfirm={(reason) => (cancelling ? run(cancelling, 'cancel', reason) : undefined)}
      />
    </div>
  );
}
