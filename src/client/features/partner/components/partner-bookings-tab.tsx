import { formatAddress } from '@shared/contract/address';
import type { PartnerBooking } from '@shared/contract/partner';
import { formatCents } from '@shared/domain/money';
import { formatBookedTime } from '@shared/domain/dates';
import { KeyRoundIcon, MapPinIcon, PhoneIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BackOfficeBookingCard } from '@/components/back-office/booking-card';
import { BookingListStates } from '@/components/back-office/booking-list-states';
import { CancelWithReasonDialog } from '@/components/back-office/cancel-with-reason-dialog';
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
    <BackOfficeBookingCard
      booking={booking}
      party={booking.customerName}
      busy={busy}
      actions={[
        actions.canComplete && { label: 'Mark Completed', onClick: onComplete },
        actions.canMarkNoShow && { label: "Customer didn't show", variant: 'outline', onClick: onNoShow },
      ]}
      onCancel={actions.canCancel ? onCancel : null}
    >
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
    </BackOfficeBookingCard>
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

  const DONE: Record<PartnerBookingAction, (b: PartnerBooking) => [string, string]> = {
    complete: (b) => ['Booking completed', `${b.serviceTitle} for ${b.customerName} is marked completed.`],
    no_show: (b) => ['Marked as a no-show', `${b.customerName} has been e-mailed; no refund is given.`],
    cancel: (b) => ['Booking cancelled', `${b.customerName} is refunded in full and has been e-mailed.`],
  };
  const change = (booking: PartnerBooking, action: PartnerBookingAction, reason?: string) =>
    update.mutate(
      { id: booking.id, action, reason },
      {
        onSuccess: () => {
          notify('success', ...DONE[action](booking));
          setCancelling(null);
        },
        onError: (error) => notify('error', 'Update failed', errorMessage(error, 'Please try again.')),
      },
    );

  return (
    <BookingListStates
      query={bookings}
      isEmpty={bookings.data?.length === 0}
      empty={{
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
      <CancelWithReasonDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        description={
          cancelling
            ? `${cancelling.serviceTitle} for ${cancelling.customerName} on ${formatBookedTime(cancelling.serviceDate)}. The customer is refunded in full and e-mailed.`
            : ''
        }
        placeholder="For example: our stylist is ill. We are sorry."
        pending={update.isPending}
        onConfirm={(reason) => (cancelling ? change(cancelling, 'cancel', reason) : undefined)}
      />
    </BookingListStates>
  );
}
