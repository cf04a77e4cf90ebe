import type { CustomerBooking } from '@shared/contract/bookings';
import { formatBookedTime } from '@shared/domain/dates';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useReportNoShow } from '../api/booking-actions';

/** Report a no-show: the professional did not come. Trillium reviews it; both sides are told. */
export function ReportNoShowDialog({
  booking,
  onOpenChange,
}: {
  booking: CustomerBooking | null;
  onOpenChange: (open: boolean) => void;
}) {
  const report = useReportNoShow();
  return (
    <ConfirmDialog
      open={booking !== null}
      onOpenChange={onOpenChange}
      title="Report that the professional did not come?"
      description={
        booking
          ? `${booking.serviceTitle} with ${booking.providerName}, ${formatBookedTime(booking.serviceDate)}. Our team reviews every report and refunds you in full if the professional did not come. ${booking.providerName} is told about your report.`
          : ''
      }
      cancelLabel="Go Back"
      confirmLabel="Report No-show"
      pendingLabel="Reporting..."
      pending={report.isPending}
      onConfirm={() =>
        booking
          ? report.mutate(
              { id: booking.id },
              {
                onSuccess: () => {
                  notify('success', 'Report received', 'We will e-mail you what we decide.');
                  onOpenChange(false);
                },
                onError: (error) =>
                  notify('error', 'Could not send the report', errorMessage(error, 'Please try again.')),
              },
            )
          : undefined
      }
    />
  );
}
