import { CheckCircle2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { ConfirmedBooking } from '../lib/confirmed';
import { ConfirmedBlock } from './booking-success-dialog';

/** The Booking Confirmed page shown after Continue: Back to {provider}, My Bookings, Book More. */
export function BookingConfirmedView({ booking }: { booking: ConfirmedBooking }) {
  return (
    <section
      aria-labelledby="booking-confirmed"
      className="mx-auto grid max-w-xl gap-5 px-4 py-10 text-center"
    >
      <CheckCircle2Icon className="mx-auto size-16 text-primary-600" aria-hidden="true" />
      <div>
        <h1 id="booking-confirmed" className="text-2xl font-bold tracking-tight text-ink">
          Booking Confirmed
        </h1>
        <p className="mt-1 text-muted">Thank you! Your booking with {booking.providerName} is confirmed.</p>
      </div>
      <ConfirmedBlock booking={booking} />
      <div className="grid gap-2 sm:grid-cols-3">
        <Button asChild variant="outline">
          <Link to={`/provider/${booking.providerId}`}>Back to {booking.providerName}</Link>
        </Button>
        <Button asChild>
          <Link to="/bookings">My Bookings</Link>
        </Button>
        <Button asChild variant="accent">
          <Link to="/services">Book More</Link>
        </Button>
      </div>
    </section>
  );
}
