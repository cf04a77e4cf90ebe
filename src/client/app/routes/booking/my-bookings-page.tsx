import type { CustomerBooking as Booking } from '@shared/contract/bookings';
import { CalendarXIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { RequireAuth } from '@/features/auth';
import { saveBookingDraft } from '@/features/bookings';
import { type BookingsScope, useBookings } from '@/features/bookings/api/get-bookings';
import { BookingCard, BookingCardSkeleton } from '@/features/bookings/components/booking-card';
import { BookingDetailsDialog } from '@/features/bookings/components/booking-details-dialog';
import { RescheduleDialog } from '@/features/bookings/components/reschedule-dialog';
import { CancelBookingDialog } from '@/features/bookings/components/cancel-booking-dialog';
import { ReportNoShowDialog } from '@/features/bookings/components/report-no-show-dialog';
import { ReviewDialog } from '@/features/bookings/components/review-dialog';
import { useReviewLink } from '@/features/bookings/hooks/use-review-link';
import { formatCents } from '@shared/domain/money';
import { allInCents } from '@shared/domain/price-lines';
import { torontoDate } from '@shared/domain/time';
import { usePreloadedNamespaces, useT } from '@/lib/i18n/i18n';

/** /bookings: the signed-in customer's bookings, upcoming (soonest first) and past (most recent first). */
export function MyBookingsPage() {
  return (
    <RequireAuth>
      <MyBookings />
    </RequireAuth>
  );
}

function MyBookings() {
  const [details, setDetails] = useState<Booking | null>(null);
  const [reschedule, setReschedule] = useState<Booking | null>(null);
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const [reporting, setReporting] = useState<Booking | null>(null);
  const [reviewing, setReviewing] = useState<Booking | null>(null);
  // The "How was it?" e-mail's link: the past bookings, with that booking's review open (or why not).
  const reviewLink = useReviewLink(setReviewing);
  const [scope, setScope] = useState<BookingsScope>(reviewLink.requested ? 'past' : 'upcoming');
  const navigate = useNavigate();
  const t = useT('mybookings');
  // The details and cancel dialogs name the policy: its catalog comes with the page, not on opening one.
  usePreloadedNamespaces(['policy']);

  // A hold still running is paid from the booking page, where its time shows "Held for you".
  const continuePaying = (booking: Booking) => {
    saveBookingDraft({
      providerId: booking.providerId,
      providerName: booking.providerName,
      service: booking.serviceTitle,
      serviceId: booking.serviceId ?? undefined,
      deliveredAt: booking.deliveredAt,
      price: formatCents(allInCents(booking.priceCents)),
      priceCents: booking.priceCents,
      chargesHst: booking.lines.some((line) => line.kind === 'hst_service'),
      location: booking.location ?? '',
      selectedDate: torontoDate(new Date(booking.serviceDate)),
      selectedTime: booking.serviceTime,
    });
    navigate('/booking-confirmation');
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 lg:px-6">
      <PageMeta title={t('page.title')} description={t('page.description')} />
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('page.title')}</h1>
      <div role="status" aria-live="polite">
        {reviewLink.notice ? (
          <div className="mt-4 flex items-center justify-between gap-3 rounded-(--radius-card) border border-line bg-primary-50 p-4 text-sm text-primary-900">
            <p>{t(reviewLink.notice.key, reviewLink.notice.values)}</p>
            <Button variant="ghost" size="sm" onClick={reviewLink.dismiss}>
              {t('page.dismiss')}
            </Button>
          </div>
        ) : null}
      </div>
      <Tabs value={scope} onValueChange={(value) => setScope(value as BookingsScope)} className="mt-4">
        <TabsList aria-label={t('page.tabs')}>
          <TabsTrigger value="upcoming">{t('page.upcoming')}</TabsTrigger>
          <TabsTrigger value="past">{t('page.past')}</TabsTrigger>
        </TabsList>
        {(['upcoming', 'past'] as const).map((tab) => (
          <TabsContent key={tab} value={tab}>
            {scope === tab ? (
              <BookingList
                scope={tab}
                onViewDetails={setDetails}
                onReschedule={setReschedule}
                onCancel={setCancelling}
                onReportNoShow={setReporting}
                onReview={setReviewing}
                onContinue={continuePaying}
              />
            ) : null}
          </TabsContent>
        ))}
      </Tabs>

      <BookingDetailsDialog
        booking={details}
        onOpenChange={(open) => (open ? undefined : setDetails(null))}
      />
      <RescheduleDialog
        booking={reschedule}
        onOpenChange={(open) => (open ? undefined : setReschedule(null))}
      />
      <CancelBookingDialog
        booking={cancelling}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
      />
      <ReportNoShowDialog
        booking={reporting}
        onOpenChange={(open) => (open ? undefined : setReporting(null))}
      />
      <ReviewDialog booking={reviewing} onOpenChange={(open) => (open ? undefined : setReviewing(null))} />
    </div>
  );
}

function BookingList({
  scope,
  onViewDetails,
  onReschedule,
  onCancel,
  onReportNoShow,
  onReview,
  onContinue,
}: {
  scope: BookingsScope;
  onViewDetails: (booking: Booking) => void;
  onReschedule: (booking: Booking) => void;
  onCancel: (booking: Booking) => void;
  onReportNoShow: (booking: Booking) => void;
  onReview: (booking: Booking) => void;
  onContinue: (booking: Booking) => void;
}) {
  const bookings = useBookings(scope);
  const t = useT('mybookings');
  const now = new Date();
  const count = bookings.data?.length ?? 0;

  if (bookings.isPending) {
    return (
      <div role="status" aria-label={t('list.loading')} className="grid gap-4">
        <BookingCardSkeleton />
        <BookingCardSkeleton />
      </div>
    );
  }
  if (bookings.isError) {
    return (
      <div
        role="alert"
        className="rounded-(--radius-card) border border-danger/30 bg-danger-soft p-6 text-center"
      >
        <p className="font-semibold text-danger">{t('list.error')}</p>
        <p className="mt-1 text-sm text-ink">{t('list.errorHint')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void bookings.refetch()}>
          <RefreshCwIcon aria-hidden="true" />
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  if (count === 0) {
    return (
      <div className="rounded-(--radius-card) border border-dashed border-line bg-surface p-10 text-center">
        <CalendarXIcon className="mx-auto size-12 text-muted" aria-hidden="true" />
        <h2 className="mt-3 text-lg font-semibold text-ink">
          {scope === 'upcoming' ? t('list.noUpcoming') : t('list.noPast')}
        </h2>
        <p className="mt-1 text-muted">{t('list.none')}</p>
        {scope === 'upcoming' ? (
          <Button asChild className="mt-5">
            <Link to="/services">{t('list.browse')}</Link>
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-muted">{t('list.count', { count, scope })}</p>
      {bookings.data.map((booking) => (
        <BookingCard
          key={booking.id}
          booking={booking}
          now={now}
          onViewDetails={() => onViewDetails(booking)}
          onReschedule={() => onReschedule(booking)}
          onCancel={() => onCancel(booking)}
          onReportNoShow={() => onReportNoShow(booking)}
          onReview={() => onReview(booking)}
          onContinue={() => onContinue(booking)}
        />
      ))}
    </div>
  );
}
