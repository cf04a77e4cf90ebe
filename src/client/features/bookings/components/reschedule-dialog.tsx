import type { CustomerBooking } from '@shared/contract/bookings';
import { MAX_RESCHEDULES } from '@shared/domain/booking-lifecycle';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { EMPTY_SCHEDULE, type Schedule, SchedulePicker } from '@/features/availability';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useRescheduleBooking } from '../api/booking-actions';
import { useFormat, useT } from '@/lib/i18n/i18n';

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
  const t = useT('mybookings');
  const format = useFormat();
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
            t('reschedule.doneTitle'),
            t('reschedule.doneText', {
              service: moved.serviceTitle,
              date: format.bookedTime(moved.serviceDate),
            }),
          );
          close();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'bookings.slot_taken')
            setSchedule({ date: schedule.date, slot: null });
          notify('error', t('reschedule.failed'), errorMessage(error, t('common.tryAgain')));
        },
      },
    );
  };
  const left = booking ? MAX_RESCHEDULES - booking.rescheduleCount : 0;
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {booking ? (
        <DialogContent
          title={t('reschedule.title')}
          description={t('reschedule.description', {
            service: booking.serviceTitle,
            provider: booking.providerName,
            date: format.bookedTime(booking.serviceDate),
          })}
          className="sm:max-w-2xl"
        >
          <p className="text-sm text-muted">
            {t('reschedule.hint', { reference: booking.referenceNumber, max: MAX_RESCHEDULES, left })}
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
              {t('reschedule.keep')}
            </Button>
            <Button onClick={confirm} disabled={!schedule.slot || move.isPending}>
              {move.isPending ? t('reschedule.moving') : t('reschedule.confirm')}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
