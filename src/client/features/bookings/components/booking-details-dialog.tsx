import type { CustomerBooking } from '@shared/contract/bookings';
import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { MoneyLines } from '@/features/payments';
import { BookingStatusBadge } from '@/components/ui/booking-status-badge';
import { historyLine } from '../lib/history';
import { BookingDocuments } from './booking-documents';
import { useFormat, useT } from '@/lib/i18n/i18n';

/**
 * View Details: service, status, date, customer, notes, reference, policy, the amount line by line with
 * the receipt and credit notes to download, and the history.
 */
export function BookingDetailsDialog({
  booking,
  onOpenChange,
}: {
  booking: CustomerBooking | null;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT('mybookings');
  const policyT = useT('policy');
  const format = useFormat();
  const rows: { label: string; value: ReactNode }[] = booking
    ? [
        { label: t('details.service'), value: booking.serviceTitle },
        { label: t('details.provider'), value: booking.providerName || t('common.provider') },
        { label: t('details.status'), value: <BookingStatusBadge status={booking.status} /> },
        { label: t('details.date'), value: format.bookedTime(booking.serviceDate) },
        { label: t('details.location'), value: booking.location || t('details.toBeConfirmed') },
        { label: t('details.customer'), value: booking.customerName },
        { label: t('details.email'), value: booking.customerEmail },
        { label: t('details.notes'), value: booking.notes || t('details.none') },
        {
          label: t('details.referenceNumber'),
          value: <span className="font-mono">{booking.referenceNumber}</span>,
        },
        {
          label: t('details.policy'),
          value: t('details.policyValue', {
            name: policyT(`policy.${booking.cancellationPolicy}.name`),
            summary: policyT(`policy.${booking.cancellationPolicy}.summary`),
          }),
        },
      ]
    : [];
  return (
    <Dialog open={booking !== null} onOpenChange={onOpenChange}>
      {booking ? (
        <DialogContent
          title={t('details.title')}
          description={t('details.reference', { reference: booking.referenceNumber })}
        >
          <dl className="grid gap-3 text-sm">
            {rows.map((row) => (
              <div key={row.label} className="grid grid-cols-[8rem_1fr] gap-3">
                <dt className="text-muted">{row.label}</dt>
                <dd className="font-medium break-words text-ink">{row.value}</dd>
              </div>
            ))}
          </dl>
          <section aria-labelledby="booking-amounts" className="border-t border-line pt-3">
            <h3 id="booking-amounts" className="text-sm font-semibold text-ink">
              {t('details.amountPaid')}
            </h3>
            <div className="mt-2">
              <MoneyLines lines={booking.lines} totalCents={booking.totalCents} />
            </div>
            {booking.refundedCents > 0 ? (
              <p className="mt-2 text-sm text-ink">
                {t('details.refunded')}{' '}
                <span className="font-semibold tabular-nums">{format.money(booking.refundedCents)}</span>
              </p>
            ) : null}
            <BookingDocuments booking={booking} />
          </section>
          {booking.history.length > 0 ? (
            <section aria-labelledby="booking-history" className="border-t border-line pt-3">
              <h3 id="booking-history" className="text-sm font-semibold text-ink">
                {t('details.history')}
              </h3>
              <ol className="mt-2 grid gap-2 text-sm">
                {booking.history.map((event, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end
                  <li key={index} className="grid gap-0.5">
                    <span className="text-ink">{historyLine(event, t, format)}</span>
                    <time dateTime={event.at} className="text-xs text-muted">
                      {format.bookedTime(event.at)}
                    </time>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
