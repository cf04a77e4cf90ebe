import { canTransition } from '@shared/domain/booking-lifecycle';
import type { PartnerBooking } from '@shared/contract/partner';

/** Which of Mark Completed, No-show and Cancel the lifecycle lets a partner use on this booking now. */
export function partnerBookingActions(
  booking: Pick<PartnerBooking, 'status' | 'paymentStatus' | 'serviceDate'>,
  now: Date,
) {
  return {
    canComplete: canTransition('complete', booking, 'partner', now),
    canCancel: canTransition('cancel', booking, 'partner', now),
    canMarkNoShow: canTransition('mark_no_show', booking, 'partner', now),
  };
}
