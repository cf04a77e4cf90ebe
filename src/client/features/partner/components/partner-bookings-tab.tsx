import type { PartnerBooking } from '@shared/contract/partner';
import { formatCents } from '@shared/domain/money';
import { formatBookedTime } from '@shared/domain/slots';
import { CalendarXIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/features/auth/lib/errors';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { usePartnerBookings } from '../api/get-partner-bookings';
import { useUpdatePartnerBooking } from '../api/update-partner-booking';
import { partnerBookingActions, partnerStatusBadge } from '../lib/bookings';

const TONES = {
  pending: 'bg-accent-50 text-accent-700 ring-1 ring-accent-200',
  confirmed: 'bg-primary-50 text-primary-800 ring-1 ring-primary-200',
  completed: 'bg-sky-50 text-sky-800 ring-1 ring-sky-200',
  other: 'bg-danger-soft text-danger ring-1 ring-danger/20',
} as const;

function PartnerBookingCard({
  booking,
  now,
  busy,
  onComplete,
  onCancel,
}: {
  booking: PartnerBooking;
  now: Date;
  busy: boolean;
  onComplete: () => void;
  onCancel: () => void;
}) {
  const badge = partnerStatusBadge(booking.status);
  const actions = partnerBookingActions(booking, now);
  return (
    <li className="grid gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink">{booking.serviceTitle}</h3>
          <p className="text-sm text-muted">
            {booking.customerName} · Ref. {booking.referenceNumber}
          </p>
        </div>
        <span
          className={cn(
            'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
            TONES[badge.tone],
          )}
        >
          {badge.label}
        </span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-ink">{formatBookedTime(booking.serviceDate)}</p>
        <p className="font-semibold text-ink">{formatCents(booking.totalCents)}</p>
      </div>
      {booking.notes ? <p className="rounded-lg bg-canvas p-3 text-sm text-ink">{booking.notes}</p> : null}
      {actions.canComplete || actions.canCancel ? (
        <div className="flex flex-wrap justify-end gap-2">
          {actions.canComplete ? (
            <Button size="sm" onClick={onComplete} disabled={busy}>
              Mark Completed
            </Button>
          ) : null}
          {actions.canCancel ? (
            <Button
              size="sm"
              variant="outline"
              className="border-danger/30 text-danger hover:border-danger/50 hover:bg-danger-soft"
              onClick={onCancel}
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

/** Bookings: the listing's bookings, Mark Completed after the start, Cancel with a full refund. */
export function PartnerBookingsTab() {
  const bookings = usePartnerBookings();
  const update = useUpdatePartnerBooking();
  const [cancelling, setCancelling] = useState<PartnerBooking | null>(null);
  const now = new Date();
  const failed = bookings.isError;

  useEffect(() => {
    if (failed) notify('error', 'Failed to Load Bookings', 'Please try again later.');
  }, [failed]);

  const change = (booking: PartnerBooking, status: 'completed' | 'cancelled') =>
    update.mutate(
      { id: booking.id, status },
      {
        onSuccess: () => {
          notify(
            'success',
            status === 'completed' ? 'Booking completed' : 'Booking cancelled',
            status === 'completed'
              ? `${booking.serviceTitle} for ${booking.customerName} is marked completed.`
              : `${booking.customerName} is refunded in full and has been e-mailed.`,
          );
          setCancelling(null);
        },
        onError: (error) => notify('error', 'Update failed', errorMessage(error, 'Please try again.')),
      },
    );

  if (bookings.isPending) {
    return (
      <div role="status" aria-label="Loading bookings" className="grid gap-3">
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-32 w-full rounded-(--radius-card)" />
        ))}
      </div>
    );
  }
  if (bookings.isError) {
    return (
      <p role="alert" className="rounded-lg border border-danger/30 bg-danger-soft p-4 text-sm text-danger">
        Error loading bookings.
      </p>
    );
  }
  if (bookings.data.length === 0) {
    return (
      <div className="rounded-(--radius-card) border border-dashed border-line bg-surface p-10 text-center">
        <CalendarXIcon className="mx-auto size-10 text-muted" aria-hidden="true" />
        <p className="mt-3 font-semibold text-ink">No bookings yet</p>
        <p className="mt-1 text-sm text-muted">
          Bookings of your listing appear here as customers make them.
        </p>
      </div>
    );
  }
  return (
    <>
      <ul aria-label="Bookings" className="grid gap-3">
        {bookings.data.map((booking) => (
          <PartnerBookingCard
            key={booking.id}
            booking={booking}
            now={now}
            busy={update.isPending && update.variables?.id === booking.id}
            onComplete={() => change(booking, 'completed')}
            onCancel={() => setCancelling(booking)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        title="Cancel this booking?"
        description={
          cancelling
            ? `${cancelling.serviceTitle} for ${cancelling.customerName} on ${formatBookedTime(cancelling.serviceDate)}. The customer is refunded in full and e-mailed.`
            : ''
        }
        confirmLabel="Cancel Booking"
        pendingLabel="Cancelling..."
        pending={update.isPending}
        onConfirm={() => (cancelling ? change(cancelling, 'cancelled') : undefined)}
      />
    </>
  );
}
