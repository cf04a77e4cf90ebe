import { CheckCircle2Icon, MailIcon, PhoneCallIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { AddToCalendar } from '@/features/calendar';
import type { ConfirmedBooking } from '../lib/confirmed';
import { useFormat, useT } from '@/lib/i18n/i18n';

/** Service, Toronto date and time, amount paid and reference of a confirmed booking. */
export function ConfirmedDetails({ booking }: { booking: ConfirmedBooking }) {
  const t = useT('booking');
  const format = useFormat();
  const rows = [
    { label: t('details.service'), value: booking.serviceTitle },
    { label: t('confirmed.provider'), value: booking.providerName },
    { label: t('confirmed.dateTime'), value: format.bookedTime(booking.serviceDate) },
    { label: t('confirmed.amountPaid'), value: format.money(booking.amountCents) },
    { label: t('confirmed.reference'), value: booking.referenceNumber },
  ];
  return (
    <dl className="grid gap-2 rounded-(--radius-card) border border-line bg-canvas p-4 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
          <dt className="text-muted">{row.label}</dt>
          <dd className="font-semibold text-ink">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What happens next: the e-mail and the provider's call. */
export function WhatsNext() {
  const t = useT('booking');
  return (
    <div className="rounded-(--radius-card) bg-primary-50 p-4 text-sm text-primary-900">
      <p className="font-semibold">{t('next.title')}</p>
      <ul className="mt-2 grid gap-2">
        <li className="flex gap-2">
          <MailIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('next.email')}
        </li>
        <li className="flex gap-2">
          <PhoneCallIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('next.call')}
        </li>
      </ul>
    </div>
  );
}

/**
 * What every Booking Confirmed surface shows (the dialog, the page after Continue, the provider page's
 * dialog and the phone step flow): the details, Add to calendar (Google, Outlook, the .ics) and what's
 * next.
 */
export function ConfirmedBlock({ booking }: { booking: ConfirmedBooking }) {
  const t = useT('booking');
  return (
    <div className="grid gap-4 text-left">
      <ConfirmedDetails booking={booking} />
      <div className="flex justify-center">
        <AddToCalendar
          size="md"
          entry={{
            bookingId: booking.bookingId,
            title: t('steps.serviceWith', { service: booking.serviceTitle, provider: booking.providerName }),
            start: booking.serviceDate,
            end: new Date(Date.parse(booking.serviceDate) + booking.durationMinutes * 60_000).toISOString(),
            details: t('confirmed.calendarDetails', { reference: booking.referenceNumber }),
          }}
        />
      </div>
      <WhatsNext />
    </div>
  );
}

/** The Booking Confirmed dialog: Continue, View Bookings, Book More. */
export function BookingSuccessDialog({
  booking,
  onContinue,
}: {
  booking: ConfirmedBooking | null;
  onContinue: () => void;
}) {
  const t = useT('booking');
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : onContinue())}>
      {booking ? (
        <DialogContent title={t('confirmed.title')} description={t('confirmed.description')}>
          <div className="flex justify-center">
            <CheckCircle2Icon className="size-14 text-primary-600" aria-hidden="true" />
          </div>
          <ConfirmedBlock booking={booking} />
          <div className="grid gap-2 sm:grid-cols-3">
            <Button onClick={onContinue}>{t('confirmed.continue')}</Button>
            <Button asChild variant="outline">
              <Link to="/bookings">{t('confirmed.viewBookings')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/services">{t('confirmed.bookMore')}</Link>
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
