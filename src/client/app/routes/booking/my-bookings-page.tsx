import type { Booking } from '@shared/contract/bookings';
import { CalendarXIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { useBookings } from '@/features/my-bookings/api/get-bookings';
import { BookingCard, BookingCardSkeleton } from '@/features/my-bookings/components/booking-card';
import { BookingDetailsDialog } from '@/features/my-bookings/components/booking-details-dialog';
import { RescheduleDialog } from '@/features/my-bookings/components/reschedule-dialog';

/** /bookings: the signed-in customer's bookings. */
export function MyBookingsPage() {
  return (
    <RequireAuth>
      <MyBookings />
    </RequireAuth>
  );
}

function MyBookings() {
  const bookings = useBookings();
  const [details, setDetails] = useState<Booking | null>(null);
  const [reschedule, setReschedule] = useState<Booking | null>(null);
  const now = new Date();
  const count = bookings.data?.length ?? 0;

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 lg:px-6">
      <PageMeta
        title="My Bookings"
        description="Your Trillium bookings: dates, times, payments and references."
      />
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">My Bookings</h1>
      {bookings.isSuccess && count > 0 ? (
        <p className="mt-1 text-muted">
          You have {count} {count === 1 ? 'booking' : 'bookings'}
        </p>
      ) : null}

      <div className="mt-6 grid gap-4">
        {bookings.isPending ? (
          <div role="status" aria-label="Loading bookings" className="grid gap-4">
            <BookingCardSkeleton />
            <BookingCardSkeleton />
            <BookingCardSkeleton />
          </div>
        ) : bookings.isError ? (
          <div
            role="alert"
            className="rounded-(--radius-card) border border-danger/30 bg-danger-soft p-6 text-center"
          >
            <p className="font-semibold text-danger">We couldn&apos;t load your bookings.</p>
            <p className="mt-1 text-sm text-ink">Check your connection and try again.</p>
            <Button variant="outline" className="mt-4" onClick={() => void bookings.refetch()}>
              <RefreshCwIcon aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : count === 0 ? (
          <div className="rounded-(--radius-card) border border-dashed border-line bg-surface p-10 text-center">
            <CalendarXIcon className="mx-auto size-12 text-muted" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-semibold text-ink">No bookings yet</h2>
            <p className="mt-1 text-muted">You have 0 bookings</p>
            <Button asChild className="mt-5">
              <Link to="/services">Browse Services</Link>
            </Button>
          </div>
        ) : (
          bookings.data.map((booking) => (
            <BookingCard
              key={booking.id}
              booking={booking}
              now={now}
              onViewDetails={() => setDetails(booking)}
              onReschedule={() => setReschedule(booking)}
            />
          ))
        )}
      </div>

      <BookingDetailsDialog
        booking={details}
        onOpenChange={(open) => (open ? undefined : setDetails(null))}
      />
      <RescheduleDialog
        booking={reschedule}
        onOpenChange={(open) => (open ? undefined : setReschedule(null))}
      />
    </div>
  );
}
