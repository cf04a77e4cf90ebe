import type { CustomerBooking } from '@shared/contract/bookings';
import { POLICY_TEXT } from '@shared/domain/cancellation-policy';
import { formatCents } from '@shared/domain/money';
import { formatBookedTime } from '@shared/domain/dates';
import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { MoneyLines } from '@/features/payments';
import { BookingStatusBadge } from '@/components/ui/booking-status-badge';
import { historyLine } from '../lib/history';
import { BookingDocuments } from './booking-documents';

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
  const rows: { label: string; value: ReactNode }[] = booking
    ? [
        { label: 'Service', value: booking.serviceTitle },
        { label: 'Provider', value: booking.providerName || 'Service Provider' },
        { label: 'Status', value: <BookingStatusBadge status={booking.status} /> },
        { label: 'Date', value: formatBookedTime(booking.serviceDate) },
        { label: 'Location', value: booking.location || 'To be confirmed' },
        { label: 'Customer', value: booking.customerName },
        { label: 'Email', value: booking.customerEmail },
        { label: 'Notes', value: booking.notes || 'None' },
        { label: 'Reference number', value: <span className="font-mono">{booking.referenceNumber}</span> },
        {
          label: 'Cancellation policy',
          value: `${POLICY_TEXT[booking.cancellationPolicy].name}: ${POLICY_TEXT[booking.cancellationPolicy].summary}`,
        },
      ]
    : [];
  return (
    <Dialog open={booking !== null} onOpenChange={onOpenChange}>
      {booking ? (
        <DialogContent title="Booking Details" description={`Reference ${booking.referenceNumber}`}>
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
              Amount paid
            </h3>
            <div className="mt-2">
              <MoneyLines lines={booking.lines} totalCents={booking.totalCents} />
            </div>
            {booking.refundedCents > 0 ? (
              <p className="mt-2 text-sm text-ink">
                Refunded:{' '}
                <span className="font-semibold tabular-nums">{formatCents(booking.refundedCents)}</span>
              </p>
            ) : null}
            <BookingDocuments booking={booking} />
          </section>
          {booking.history.length > 0 ? (
            <section aria-labelledby="booking-history" className="border-t border-line pt-3">
              <h3 id="booking-history" className="text-sm font-semibold text-ink">
                History
              </h3>
              <ol className="mt-2 grid gap-2 text-sm">
                {booking.history.map((event, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end
                  <li key={index} className="grid gap-0.5">
                    <span className="text-ink">{historyLine(event)}</span>
                    <time dateTime={event.at} className="text-xs text-muted">
                      {formatBookedTime(event.at)}
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
