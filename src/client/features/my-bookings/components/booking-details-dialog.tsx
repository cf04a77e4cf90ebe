import type { Booking } from '@shared/contract/bookings';
import { formatCents } from '@shared/domain/money';
import { formatBookedTime } from '@shared/domain/slots';
import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { BookingStatusBadge } from '@/components/ui/booking-status-badge';

/** View Details: service, status, date, amount, customer, notes and reference. */
export function BookingDetailsDialog({
  booking,
  onOpenChange,
}: {
  booking: Booking | null;
  onOpenChange: (open: boolean) => void;
}) {
  const rows: { label: string; value: ReactNode }[] = booking
    ? [
        { label: 'Service', value: booking.serviceTitle },
        { label: 'Provider', value: booking.providerName || 'Service Provider' },
        { label: 'Status', value: <BookingStatusBadge status={booking.status} /> },
        { label: 'Date', value: formatBookedTime(booking.serviceDate) },
        { label: 'Location', value: booking.location || 'To be confirmed' },
        { label: 'Amount', value: formatCents(booking.totalCents) },
        { label: 'Customer', value: booking.customerName },
        { label: 'Email', value: booking.customerEmail },
        { label: 'Notes', value: booking.notes || 'None' },
        { label: 'Reference number', value: <span className="font-mono">{booking.referenceNumber}</span> },
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
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
