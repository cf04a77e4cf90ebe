import { formatAddress } from '@shared/contract/address';
import type { PartnerBooking } from '@shared/contract/partner';
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
import { useFormat, useT } from '@/lib/i18n/i18n';

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
  const t = useT('partner');
  const format = useFormat();
  const actions = partnerBookingActions(booking, now);
  return (
    <BackOfficeBookingCard
      booking={booking}
      party={booking.customerName}
      busy={busy}
      actions={[
        actions.canComplete && { label: t('bookings.complete'), onClick: onComplete },
        actions.canMarkNoShow && { label: t('bookings.noShow'), variant: 'outline', onClick: onNoShow },
      ]}
      onCancel={actions.canCancel ? onCancel : null}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-ink">{format.bookedTime(booking.serviceDate)}</p>
        <p className="font-semibold text-ink">{format.money(booking.totalCents)}</p>
      </div>
      <dl className="grid gap-1.5 text-sm">
        <div className="flex items-start gap-2">
          <dt className="sr-only">{t('bookings.where')}</dt>
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
          <dd className="text-ink">
            {booking.serviceAddress
              ? formatAddress(booking.serviceAddress)
              : booking.deliveredAt === 'customer'
                ? booking.location
                : t('bookings.atYourPlace')}
          </dd>
        </div>
        {booking.serviceAddress?.accessNotes ? (
          <div className="flex items-start gap-2">
            <dt className="sr-only">{t('bookings.accessNotes')}</dt>
            <KeyRoundIcon className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
            <dd className="text-ink">{booking.serviceAddress.accessNotes}</dd>
          </div>
        ) : null}
        {booking.customerPhone ? (
          <div className="flex items-start gap-2">
            <dt className="sr-only">{t('bookings.phone')}</dt>
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
          {t('bookings.cancelledBy', {
            by:
              booking.cancelledBy === 'customer'
                ? 'customer'
                : booking.cancelledBy === 'partner'
                  ? 'partner'
                  : 'trillium',
            reason: booking.cancelReason,
          })}
        </p>
      ) : null}
    </BackOfficeBookingCard>
  );
}

/** Bookings: the listing's bookings, Mark Completed after the start, Cancel with a full refund. */
export function PartnerBookingsTab() {
  const t = useT('partner');
  const format = useFormat();
  const bookings = usePartnerBookings();
  const update = useUpdatePartnerBooking();
  const [cancelling, setCancelling] = useState<PartnerBooking | null>(null);
  const now = new Date();
  const failed = bookings.isError;

  useEffect(() => {
    if (failed) notify('error', t('bookings.loadFailed'), t('bookings.tryLater'));
  }, [failed, t]);

  const DONE: Record<PartnerBookingAction, (b: PartnerBooking) => [string, string]> = {
    complete: (b) => [
      t('bookings.completed'),
      t('bookings.completedText', { service: b.serviceTitle, customer: b.customerName }),
    ],
    no_show: (b) => [
      t('bookings.markedNoShow'),
      t('bookings.markedNoShowText', { customer: b.customerName }),
    ],
    cancel: (b) => [t('bookings.cancelled'), t('bookings.cancelledText', { customer: b.customerName })],
  };
  const change = (booking: PartnerBooking, action: PartnerBookingAction, reason?: string) =>
    update.mutate(
      { id: booking.id, action, reason },
      {
        onSuccess: () => {
          notify('success', ...DONE[action](booking));
          setCancelling(null);
        },
        onError: (error) =>
          notify('error', t('bookings.updateFailed'), errorMessage(error, t('toast.tryAgain'))),
      },
    );

  return (
    <BookingListStates
      query={bookings}
      isEmpty={bookings.data?.length === 0}
      empty={{
        title: t('bookings.emptyTitle'),
        text: t('bookings.emptyText'),
      }}
    >
      <ul aria-label={t('bookings.label')} className="grid gap-3">
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
            ? t('bookings.cancelDescription', {
                service: cancelling.serviceTitle,
                customer: cancelling.customerName,
                time: format.bookedTime(cancelling.serviceDate),
              })
            : ''
        }
        placeholder={t('bookings.cancelPlaceholder')}
        pending={update.isPending}
        onConfirm={(reason) => (cancelling ? change(cancelling, 'cancel', reason) : undefined)}
      />
    </BookingListStates>
  );
}
