import type { CustomerBooking } from '@shared/contract/bookings';
import { POLICY_TEXT, refundPreview } from '@shared/domain/cancellation-policy';
import { formatCents } from '@shared/domain/money';
import { formatBookedTime } from '@shared/domain/dates';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useCancelBooking } from '../api/booking-actions';

/**
 * Cancel Booking: states the refund in dollars and why before anything happens (the server's quote for
 * now, by the booking's own policy), takes an optional reason, then cancels.
 */
export function CancelBookingDialog({
  booking,
  onOpenChange,
}: {
  booking: CustomerBooking | null;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelBooking();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const quote = booking?.refundIfCancelledNow ?? null;
  const close = () => {
    setReason('');
    onOpenChange(false);
  };
  const confirm = () => {
    if (!booking) return;
    cancel.mutate(
      { id: booking.id, reason },
      {
        onSuccess: (cancelled) => {
          notify(
            'success',
            'Booking cancelled',
            cancelled.refundAmount > 0
              ? `We're refunding ${formatCents(cancelled.refundAmount)} to your card. It can take 5 to 10 business days to appear.`
              : `${cancelled.serviceTitle} is cancelled. ${cancelled.providerName} has been told.`,
          );
          close();
        },
        onError: (error) => notify('error', 'Could not cancel', errorMessage(error, 'Please try again.')),
      },
    );
  };
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {booking ? (
        <DialogContent
          title="Cancel this booking?"
          description={`${booking.serviceTitle} with ${booking.providerName}, ${formatBookedTime(booking.serviceDate)}`}
        >
          {quote ? (
            <div
              className="rounded-lg border border-accent-200 bg-accent-50 p-3 text-sm text-ink"
              data-testid="refund-preview"
            >
              <p className="font-semibold">{refundPreview(booking.cancellationPolicy, quote, formatCents)}</p>
              {quote.dropsAt ? (
                <p className="mt-1 text-muted">That changes on {formatBookedTime(quote.dropsAt)}.</p>
              ) : null}
              <p className="mt-1 text-muted">
                {POLICY_TEXT[booking.cancellationPolicy].name} policy:{' '}
                {POLICY_TEXT[booking.cancellationPolicy].summary}
              </p>
            </div>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor={reasonId}>Reason (optional)</Label>
            <Textarea
              id={reasonId}
              value={reason}
              maxLength={500}
              rows={3}
              onChange={(event) => setReason(event.target.value)}
              placeholder={`Tell ${booking.providerName} why, if you like`}
            />
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={cancel.isPending}>
              Keep Booking
            </Button>
            <Button
              className="bg-danger text-white hover:bg-danger/90"
              onClick={confirm}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel Booking'}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
