import type { Booking } from '@shared/contract/bookings';
import { LifeBuoyIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/** Rescheduling is done by people: contact support or the provider. */
export function RescheduleDialog({
  booking,
  onOpenChange,
}: {
  booking: Booking | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={booking !== null} onOpenChange={onOpenChange}>
      {booking ? (
        <DialogContent
          title="Reschedule Booking"
          description={`${booking.serviceTitle}, reference ${booking.referenceNumber}`}
        >
          <p className="text-sm text-ink">
            To change the date or time, contact {booking.providerName || 'your service provider'} directly or
            our support team. Give them your reference number{' '}
            <strong className="font-mono">{booking.referenceNumber}</strong> and they will find a new time
            with you.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <Button asChild>
              <Link to="/help-support">
                <LifeBuoyIcon aria-hidden="true" />
                Contact Support
              </Link>
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
