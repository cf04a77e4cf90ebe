import type { User } from '../../../shared/contract/auth';
import type { Booking } from '../../../shared/contract/bookings';
import { bookingErrors } from './bookings.errors';
import { findOwnBookingByIntent, type BookingDeps } from './bookings.usecases';
import { findBookingView, listBookingViews } from './bookings.views.repository';

/** What a customer reads about their bookings (another customer's booking is a 404). */

export async function customerBookings(
  deps: Pick<BookingDeps, 'db' | 'clock'>,
  user: User,
  scope?: 'upcoming' | 'past',
): Promise<Booking[]> {
  return listBookingViews(deps.db, { customerId: user.id }, deps.clock.now(), { when: scope });
}

export async function customerBooking(deps: Pick<BookingDeps, 'db' | 'clock'>, user: User, id: number) {
  const booking = await findBookingView(deps.db, id, { customerId: user.id }, deps.clock.now());
  if (!booking) throw bookingErrors.notFound();
  return booking;
}

/** POST /api/bookings: only ever the booking made for a payment of this customer's. */
export async function bookingOfPayment(
  deps: Pick<BookingDeps, 'db' | 'clock'>,
  user: User,
  paymentIntentId: string | null | undefined,
) {
  if (!paymentIntentId) throw bookingErrors.needsPayment();
  const booking = await findOwnBookingByIntent(deps, user, paymentIntentId);
  return customerBooking(deps, user, booking.id);
}
