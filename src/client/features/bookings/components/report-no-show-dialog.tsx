import type { CustomerBooking } from '@shared/contract/bookings';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useReportNoShow } from '../api/booking-actions';
import { useFormat, useT } from '@/lib/i18n/i18n';

/** Report a no-show: the professional did not come. Trillium reviews it; both sides are told. */
export function ReportNoShowDialog({
  booking,
  onOpenChange,
}: {
  booking: CustomerBooking | null;
  onOpenChange: (open: boolean) => void;
}) {
  const report = useReportNoShow();
  const t = useT('mybookings');
  const format = useFormat();
  return (
    <ConfirmDialog
      open={booking !== null}
      onOpenChange={onOpenChange}
      title={t('noShow.title')}
      description={
        booking
          ? t('noShow.description', {
              service: booking.serviceTitle,
              provider: booking.providerName,
              date: format.bookedTime(booking.serviceDate),
            })
          : ''
      }
      cancelLabel={t('noShow.back')}
      confirmLabel={t('noShow.confirm')}
      pendingLabel={t('noShow.pending')}
      pending={report.isPending}
      onConfirm={() =>
        booking
          ? report.mutate(
              { id: booking.id },
              {
                onSuccess: () => {
                  notify('success', t('noShow.doneTitle'), t('noShow.doneText'));
                  onOpenChange(false);
                },
                onError: (error) =>
                  notify('error', t('noShow.failed'), errorMessage(error, t('common.tryAgain'))),
              },
            )
          : undefined
      }
    />
  );
}
