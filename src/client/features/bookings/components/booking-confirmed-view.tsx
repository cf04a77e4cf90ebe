import { CheckCircle2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { ConfirmedBooking } from '../lib/confirmed';
import { ConfirmedBlock } from './booking-success-dialog';
import { useT } from '@/lib/i18n/i18n';

/** The Booking Confirmed page shown after Continue: Back to {provider}, My Bookings, Book More. */
export function BookingConfirmedView({ booking }: { booking: ConfirmedBooking }) {
  const t = useT('booking');
  return (
    <section
      aria-labelledby="booking-confirmed"
      className="mx-auto grid max-w-xl gap-5 px-4 py-10 text-center"
    >
      <CheckCircle2Icon className="mx-auto size-16 text-primary-600" aria-hidden="true" />
      <div>
        <h1 id="booking-confirmed" className="text-2xl font-bold tracking-tight text-ink">
          {t('confirmed.title')}
        </h1>
        <p className="mt-1 text-muted">{t('confirmed.thanks', { provider: booking.providerName })}</p>
      </div>
      <ConfirmedBlock booking={booking} />
      <div className="grid gap-2 sm:grid-cols-3">
        <Button asChild variant="outline">
          <Link to={`/provider/${booking.providerId}`}>
            {t('confirmed.backTo', { provider: booking.providerName })}
          </Link>
        </Button>
        <Button asChild>
          <Link to="/bookings">{t('confirmed.myBookings')}</Link>
        </Button>
        <Button asChild variant="accent">
          <Link to="/services">{t('confirmed.bookMore')}</Link>
        </Button>
      </div>
    </section>
  );
}
