import type { CustomerBooking } from '@shared/contract/bookings';
import { MAX_RESCHEDULES } from '@shared/domain/booking-lifecycle';
import { formatBookedTime } from '@shared/domain/dates';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { EMPTY_SCHEDULE, type Schedule, SchedulePicker } from '@/features/availability';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useRescheduleBooking } from '../api/booking-actions';

/**
 * Reschedule Booking: the same date and time picker as booking, for this booking's service; the
 * booking keeps its payment and reference. A time taken meanwhile is said, and the picker refreshed.
 */
export function RescheduleDialog({
  booking,
  onOpenChange,
}: {
  booking: CustomerBooking | null;
  onOpenChange: (open: boolean) => void;
}) {
  const move = useRescheduleBooking();
  const [schedule, setSchedule] = useState<Schedule>(EMPTY_SCHEDULE);
  const close = () => {
    setSchedule(EMPTY_SCHEDULE);
    onOpenChange(false);
  };
  const confirm = () => {
    if (!booking || !schedule.slot) return;
    move.mutate(
      { id: booking.id, serviceDate: schedule.slot.start },
      {
        onSuccess: (moved) => {
          notify(
            'success',
            'Booking moved',
            `${moved.serviceTitle} is now ${formatBookedTime(moved.serviceDate)}.`,
          );
          close();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'bookings.slot_taken')
            setSchedule({ date: schedule.date, slot: null });
          notify('error', 'Could not move the booking', errorMessage(error, 'Please try again.'));
        },
      },
    );
  };
  const left = booking ? MAX_RESCHEDULES - booking.rescheduleCount : 0;
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {booking ? (
        <DialogContent
          title="Reschedule Booking"
          description={`${booking.serviceTitle} with ${booking.providerName}, now ${formatBookedTime(booking.serviceDate)}`}
          className="sm:max-w-2xl"
        >
          <p className="text-sm text-muted">
            Your payment and reference {booking.referenceNumber} stay the same. You can move a booking{' '}
            {MAX_RESCHEDULES} times while a full refund still applies;{' '}
            {left === 1 ? '1 move' : `${left} moves`} left.
          </p>
          <SchedulePicker
            providerId={booking.providerId}
            serviceId={booking.serviceId ?? undefined}
            movingBookingId={booking.id}
            value={schedule}
            onChange={setSchedule}
            headingLevel="h3"
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={move.isPending}>
              Keep Current Time
            </Button>
            <Button onClick={confirm} disabled={!schedule.slot || move.isPending}>
              {move.isPending ? 'Moving...' : 'Move Booking'}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
