import type { CustomerBooking } from '@shared/contract/bookings';
import { canContinuePaying } from '@shared/domain/booking-lifecycle';
import { CalendarClockIcon, FileTextIcon, MapPinIcon, StoreIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { durationParts } from '@/lib/relative-time';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { RichText } from '@/lib/i18n/rich-text';
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
  const t = useT('mybookings');
  const format = useFormat();
  const service = booking.serviceTitle;
  return (
    <article className="rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-ink">{booking.serviceTitle}</h2>
        <BookingStatusBadge status={booking.status} />
      </div>
      <ul className="mt-3 grid gap-1.5 text-sm text-ink">
        <li className="flex items-center gap-2">
          <StoreIcon className="size-4 shrink-0 text-muted" aria-hidden="true" />
          {booking.providerName || t('common.provider')}
        </li>
        <li className="flex items-center gap-2">
          <CalendarClockIcon className="size-4 shrink-0 text-muted" aria-hidden="true" />
          {format.bookedTime(booking.serviceDate)}
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
          <RichText
            ns="mybookings"
            k={booking.refundStatus === 'succeeded' ? 'card.refunded' : 'card.refundPending'}
            values={{ amount: format.money(booking.refundedCents) }}
            components={[<span key="amount" className="font-semibold tabular-nums" />]}
          />
        </p>
      ) : null}
      {holdRunning ? (
        <p className="mt-3 rounded-lg bg-accent-50 px-3 py-2 text-sm text-accent-700">
          {t('card.held', { time: format.clock(booking.holdExpiresAt!) })}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
        <p className="text-sm text-muted">
          <span className="font-semibold text-ink tabular-nums">{format.money(booking.totalCents)}</span>
          {' · '}
          {t('card.booked', durationParts(booking.createdAt, now))}
        </p>
        <div className="flex flex-wrap gap-2">
          {holdRunning ? (
            <Button size="sm" onClick={onContinue} aria-label={t('card.continueLabel', { service })}>
              {t('card.continue')}
            </Button>
          ) : null}
          {booking.status === 'confirmed' ? (
            <AddToCalendar
              entry={{
                bookingId: booking.id,
                title: t('common.serviceWith', { service, provider: booking.providerName }),
                start: booking.serviceDate,
                end: booking.endsAt,
                location: booking.location,
                details: t('card.calendarDetails', { reference: booking.referenceNumber }),
              }}
            />
          ) : null}
          {may('reschedule') ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={onReschedule}
              aria-label={t('card.rescheduleLabel', { service })}
            >
              {t('card.reschedule')}
            </Button>
          ) : null}
          {may('cancel') ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-danger hover:bg-danger-soft"
              onClick={onCancel}
              aria-label={t('card.cancelLabel', { service })}
            >
              {t('common.cancel')}
            </Button>
          ) : null}
          {may('review') ? (
            <Button size="sm" onClick={onReview} aria-label={t('card.reviewLabel', { service })}>
              {t('card.review')}
            </Button>
          ) : booking.reviewId !== null ? (
            // The review written: its author may change it for 48 hours (docs/product.md §8).
            <Button
              variant="ghost"
              size="sm"
              onClick={onReview}
              aria-label={t('card.yourReviewLabel', { service })}
            >
              {t('card.yourReview')}
            </Button>
          ) : null}
          {may('report_no_show') ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={onReportNoShow}
              aria-label={t('card.noShowLabel', { service })}
            >
              {t('card.noShow')}
            </Button>
          ) : null}
          {booking.documents.receipt ? (
            <Button asChild variant="ghost" size="sm">
              <a
                href={booking.documents.receipt.url}
                download
                aria-label={t('card.receiptLabel', { service })}
              >
                <FileTextIcon aria-hidden="true" />
                {t('card.receipt')}
              </a>
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onClick={onViewDetails}
            aria-label={t('card.detailsLabel', { service })}
          >
            {t('card.details')}
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
