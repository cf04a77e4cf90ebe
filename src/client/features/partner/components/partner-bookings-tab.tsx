import { formatAddress } from '@shared/contract/address';
import type { PartnerBooking } from '@shared/contract/partner';
import { formatCents } from '@shared/domain/money';
import { formatBookedTime } from '@shared/domain/slots';
import { CalendarXIcon, KeyRoundIcon, MapPinIcon, PhoneIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BookingStatusBadge } from '@/components/ui/booking-status-badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { ListStates } from '@/components/ui/list-states';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { usePartnerBookings } from '../api/get-partner-bookings';
import { type PartnerBookingAction, useUpdatePartnerBooking } from '../api/update-partner-booking';
import { partnerBookingActions } from '../lib/bookings';

function PartnerBookingCard({
  booking,
  now,
  busy,
  onComplete,
  onNoShow,
  onCancel,
}: {
  booking: PartnerBooking;
  now: Date;
  busy: boolean;
  onComplete: () => void;
  onNoShow: () => void;
  onCancel: () => void;
}) {
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
        <BookingStatusBadge status={booking.status} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-ink">{formatBookedTime(booking.serviceDate)}</p>
        <p className="font-semibold text-ink">{formatCents(booking.totalCents)}</p>
      </div>
      <dl className="grid gap-1.5 text-sm">
        <div className="flex items-start gap-2">
          <dt className="sr-only">Where</dt>
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
          <dd className="text-ink">
            {booking.serviceAddress
              ? formatAddress(booking.serviceAddress)
              : booking.deliveredAt === 'customer'
                ? booking.location
                : `At your place of business`}
          </dd>
        </div>
        {booking.serviceAddress?.accessNotes ? (
          <div className="flex items-start gap-2">
            <dt className="sr-only">Access notes</dt>
            <KeyRoundIcon className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
            <dd className="text-ink">{booking.serviceAddress.accessNotes}</dd>
          </div>
        ) : null}
        {booking.customerPhone ? (
          <div className="flex items-start gap-2">
            <dt className="sr-only">Phone</dt>
            <PhoneIcon className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
            <dd>
              <a
                href={`tel:${booking.customerPhone}`}
                className="text-primary-700 underline-offset-2 hover:underline"
              >
                {booking.customerPhone}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {booking.notes ? <p className="rounded-lg bg-canvas p-3 text-sm text-ink">{booking.notes}</p> : null}
      {booking.status === 'cancelled' && booking.cancelReason ? (
        <p className="text-sm text-muted">
          Cancelled by{' '}
          {booking.cancelledBy === 'customer'
            ? 'the customer'
            : booking.cancelledBy === 'partner'
              ? 'you'
              : 'Trillium'}
          : “{booking.cancelReason}”
        </p>
      ) : null}
      {actions.canComplete || actions.canCancel || actions.canMarkNoShow ? (
        <div className="flex flex-wrap justify-end gap-2">
          {actions.canComplete ? (
            <Button size="sm" onClick={onComplete} disabled={busy}>
              Mark Completed
            </Button>
          ) : null}
          {actions.canMarkNoShow ? (
            <Button size="sm" variant="outline" onClick={onNoShow} disabled={busy}>
              Customer didn&apos;t show
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
  const [reason, setReason] = useState('');
  const now = new Date();
  const failed = bookings.isError;

  useEffect(() => {
    if (failed) notify('error', 'Failed to Load Bookings', 'Please try again later.');
  }, [failed]);

  const DONE: Record<PartnerBookingAction, (b: PartnerBooking) => [string, string]> = {
    complete: (b) => ['Booking completed', `${b.serviceTitle} for ${b.customerName} is marked completed.`],
    no_show: (b) => ['Marked as a no-show', `${b.customerName} has been e-mailed; no refund is given.`],
    cancel: (b) => ['Booking cancelled', `${b.customerName} is refunded in full and has been e-mailed.`],
  };
  const change = (booking: PartnerBooking, action: PartnerBookingAction) =>
    update.mutate(
      { id: booking.id, action, reason: action === 'cancel' ? reason : undefined },
      {
        onSuccess: () => {
          notify('success', ...DONE[action](booking));
          setCancelling(null);
          setReason('');
        },
        onError: (error) => notify('error', 'Update failed', errorMessage(error, 'Please try again.')),
      },
    );

  return (
    <ListStates
      isPending={bookings.isPending}
      isError={bookings.isError}
      isEmpty={bookings.data?.length === 0}
      loadingLabel="Loading bookings..."
      errorText="Bookings could not be loaded. Please try again later."
      empty={{
        icon: CalendarXIcon,
        title: 'No bookings yet',
        text: 'Bookings of your listing appear here as customers make them.',
      }}
    >
      <ul aria-label="Bookings" className="grid gap-3">
        {(bookings.data ?? []).map((booking) => (
          <PartnerBookingCard
            key={booking.id}
            booking={booking}
            now={now}
            busy={update.isPending && update.variables?.id === booking.id}
            onComplete={() => change(booking, 'complete')}
            onNoShow={() => change(booking, 'no_show')}
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
        onConfirm={() => (cancelling ? change(cancelling, 'cancel') : undefined)}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="partner-cancel-reason">Reason for the customer (optional)</Label>
          <Textarea
            id="partner-cancel-reason"
            value={reason}
            maxLength={500}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            placeholder="For example: our stylist is ill. We are sorry."
          />
        </div>
      </ConfirmDialog>
    </ListStates>
  );
}
