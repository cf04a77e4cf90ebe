import { type Actor, canTransition, type Transition } from '../../../shared/domain/booking-lifecycle';
import { bookingErrors } from './bookings.errors';
import type { BookingRow } from './bookings.repository';

/** The lifecycle's facts of a stored booking (docs/product.md §8). */
export function factsOf(booking: BookingRow) {
  return { ...booking, paidAt: booking.confirmedAt };
}

/** Refuses a transition the lifecycle does not allow to this actor now (409 bookings.transition_not_allowed). */
export function assertTransition(transition: Transition, booking: BookingRow, actor: Actor, now: Date) {
  if (!canTransition(transition, factsOf(booking), actor, now))
    throw bookingErrors.transitionNotAllowed(transition, booking);
}
