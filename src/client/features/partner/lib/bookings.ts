import type { PartnerBooking } from '@shared/contract/partner';

/** The partner view's badge: pending, confirmed and completed have their styles; any other status is red. */
export function partnerStatusBadge(status: string): {
  label: string;
  tone: 'pending' | 'confirmed' | 'completed' | 'other';
} {
  switch (status) {
    case 'awaiting_payment':
    case 'pending':
      return { label: 'Pending', tone: 'pending' };
    case 'confirmed':
      return { label: 'Confirmed', tone: 'confirmed' };
    case 'completed':
      return { label: 'Completed', tone: 'completed' };
    default:
      return { label: status.replace(/_/g, ' ').replace(/^\p{L}/u, (c) => c.toUpperCase()), tone: 'other' };
  }
}

/** 'Mark Completed' for a confirmed booking whose start has passed; 'Cancel' while it can still happen. */
export function partnerBookingActions(booking: Pick<PartnerBooking, 'status' | 'serviceDate'>, now: Date) {
  return {
    canComplete: booking.status === 'confirmed' && Date.parse(booking.serviceDate) <= now.getTime(),
    canCancel: booking.status === 'confirmed' || booking.status === 'awaiting_payment',
  };
}
