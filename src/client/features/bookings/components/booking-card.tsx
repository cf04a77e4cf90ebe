import type { CustomerBooking } from '@shared/contract/bookings';
import { canContinuePaying } from '@shared/domain/booking-lifecycle';
import { formatCents } from '@shared/domain/money';
import { formatBookedTime, formatClockTime } from '@shared/domain/dates';
import { CalendarClockIcon, FileTextIcon, MapPinIcon, StoreIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { relativeDuration } from '@/lib/relative-time';
import { BookingStatusBadge } from '@/components/ui/booking-status-badge';
import { AddToCalendar } from '@/features/calendar';

/** One booking in My Bookings. */
export function BookingCard({
  booking,
  now,
  onViewDetails,
  onReschedule,
  onCancel,
  onReportNoShow,
  onReview,
  onContinue,
}: {
  booking: CustomerBooking;
  now: Date;
  onViewDetails: () => void;
  onReschedule: () => void;
  onCancel: () => void;
  onReportNoShow: () => void;
  onReview: () => void;
  /** Pay for a hold that is still running. */
  onContinue: () => void;
}) {
  // What the server says this customer may do now (the booking lifecycle's rules).
  const may = (action: CustomerBooking['allowedActions'][number]) => booking.allowedActions.includes(action);
  const holdRunning = canContinuePaying(booking, now);
  return (
    <article className="rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-ink">{booking.serviceTitle}</h2>
        <BookingStatusBadge status={booking.status} />
      </div>
      <ul className="mt-3 grid gap-1.5 text-sm text-ink">
        <li className="flex items-center gap-2">
          <StoreIcon className="size-4 shrink-0 text-muted" aria-hidden="true" />
          {booking.providerName || 'Service Provider'}
        </li>
        <li className="flex items-center gap-2">
          <CalendarClockIcon className="size-4 shrink-0 text-muted" aria-hidden="true" />
          {formatBookedTime(booking.serviceDate)}
        </li>
        {booking.location ? (
          <li className="flex items-center gap-2">
            <MapPinIcon className="size-4 shrink-0 text-muted" aria-hidden="true" />
            {booking.location}
          </li>
        ) : null}
      </ul>
      {booking.status === 'cancelled' && booking.refundedCents > 0 ? (
        <p className="mt-3 rounded-lg bg-canvas px-3 py-2 text-sm text-ink">
          {booking.refundStatus === 'succeeded' ? 'Refunded' : 'Refund on its way:'}{' '}
          <span className="font-semibold tabular-nums">{formatCents(booking.refundedCents)}</span> to your
          card.
        </p>
      ) : null}
      {holdRunning ? (
        <p className="mt-3 rounded-lg bg-accent-50 px-3 py-2 text-sm text-accent-700">
          This time is held for you until {formatTime(booking.holdExpiresAt!)} ET. Pay to confirm it.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
        <p className="text-sm text-muted">
          <span className="font-semibold text-ink tabular-nums">{formatCents(booking.totalCents)}</span> ·
          Booked {relativeDuration(booking.createdAt, now)} ago
        </p>
        <div className="flex flex-wrap gap-2">
          {holdRunning ? (
            <Button
              size="sm"
              onClick={onContinue}
              aria-label={`Continue to payment: ${booking.serviceTitle}`}
            >
              Continue to payment
            </Button>
          ) : null}
          {booking.status === 'confirmed' ? (
            <AddToCalendar
              entry={{
                bookingId: booking.id,
                title: `${booking.serviceTitle} with ${booking.providerName}`,
                start: booking.serviceDate,
                end: booking.endsAt,
                location: booking.location,
                details: `Trillium booking ${booking.referenceNumber}. Manage it in My Bookings.`,
              }}
            />
          ) : null}
          {may('reschedule') ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={onReschedule}
              aria-label={`Reschedule: ${booking.serviceTitle}`}
            >
              Reschedule
            </Button>
          ) : null}
          {may('cancel') ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-danger hover:bg-danger-soft"
              onClick={onCancel}
              aria-label={`Cancel: ${booking.serviceTitle}`}
            >
              Cancel
            </Button>
          ) : null}
          {may('review') ? (
            <Button size="sm" onClick={onReview} aria-label={`Leave a review: ${booking.serviceTitle}`}>
              Leave a review
            </Button>
          ) : booking.reviewId !== null ? (
            // The review written: its author may change it for 48 hours (docs/product.md §8).
            <Button
              variant="ghost"
              size="sm"
              onClick={onReview}
              aria-label={`Your review: ${booking.serviceTitle}`}
            >
              Your review
            </Button>
          ) : null}
          {may('report_no_show') ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={onReportNoShow}
              aria-label={`Report a no-show: ${booking.serviceTitle}`}
            >
              Report a no-show
            </Button>
          ) : null}
          {booking.documents.receipt ? (
            <Button asChild variant="ghost" size="sm">
              <a
                href={booking.documents.receipt.url}
                download
                aria-label={`Download receipt (PDF): ${booking.serviceTitle}`}
              >
                <FileTextIcon aria-hidden="true" />
                Receipt
              </a>
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onClick={onViewDetails}
            aria-label={`View Details: ${booking.serviceTitle}`}
          >
            View Details
          </Button>
        </div>
      </div>
    </article>
  );
}

export function BookingCardSkeleton() {
  return (
    <div className="rounded-(--radius-card) border border-line bg-surface p-4 sm:p-5" aria-hidden="true">
      <div className="flex justify-between">
        <div className="h-6 w-48 animate-pulse rounded-md bg-line/60" />
        <div className="h-5 w-20 animate-pulse rounded-full bg-line/60" />
      </div>
      <div className="mt-3 grid gap-2">
        <div className="h-4 w-40 animate-pulse rounded-md bg-line/60" />
        <div className="h-4 w-72 max-w-full animate-pulse rounded-md bg-line/60" />
        <div className="h-4 w-56 animate-pulse rounded-md bg-line/60" />
      </div>
      <div className="mt-4 flex justify-between border-t border-line pt-3">
        <div className="h-5 w-40 animate-pulse rounded-md bg-line/60" />
        <div className="h-11 w-32 animate-pulse rounded-lg bg-line/60" />
      </div>
    </div>
  );
}

const formatTime = (instant: string) => formatClockTime(instant);
