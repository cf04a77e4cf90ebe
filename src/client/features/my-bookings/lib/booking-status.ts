import type { Booking } from '@shared/contract/bookings';

/** Reschedule is offered unless the booking is cancelled or completed. */
export function canReschedule(booking: Pick<Booking, 'status'>): boolean {
  return booking.status !== 'cancelled' && booking.status !== 'completed';
}
