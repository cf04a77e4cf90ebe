import { bookingDetailsPayload } from '@shared/contract/bookings';
import { ArrowLeftIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import {
  EMPTY_SCHEDULE,
  findSlot,
  type Schedule,
  SchedulePicker,
  useAvailability,
} from '@/features/availability';
import { displayName } from '@/features/auth';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { notify } from '@/lib/toast';
import { useBookingDetailsForm } from '../hooks/use-booking-details-form';
import { useCheckout } from '../hooks/use-checkout';
import { estimatedTotalCents } from '../lib/amounts';
import { type BookingDraft, saveBookingDraft } from '../lib/booking-draft';
import { consumeRedirectAfterLogin, rememberRedirectAfterLogin } from '../lib/booking-storage';
import { BookingConfirmedView } from './booking-confirmed-view';
import { BookingDetailsFields } from './booking-details-fields';
import { BookingSuccessDialog } from './booking-success-dialog';
import { BookingSummaryCard } from './booking-summary-card';
import { CheckoutBar } from './checkout-bar';
import { CustomerDetailsCard } from './customer-details-card';
import { SignInDialog } from './sign-in-dialog';
import { useT } from '@/lib/i18n/i18n';

export const BOOKING_CONFIRMATION_PATH = '/booking-confirmation';

/**
 * The booking page's checkout (/booking-confirmation): the stored choice of service, a date and time,
 * sign in if needed, the details the professional needs (the same form as the booking dialog), pay,
 * confirmed.
 */
export function BookingPageCheckout({ draft }: { draft: BookingDraft }) {
  const { user, isSignedIn, isLoading } = useCurrentUser();
  const availability = useAvailability(draft.providerId, draft.serviceId);
  const [schedule, setSchedule] = useState<Schedule>(EMPTY_SCHEDULE);
  const t = useT('booking');
  const [signInOpen, setSignInOpen] = useState(false);
  const [showConfirmedPage, setShowConfirmedPage] = useState(false);
  const checkout = useCheckout({ providerId: draft.providerId, providerName: draft.providerName });
  const deliveredAt = draft.deliveredAt ?? 'provider';
  const form = useBookingDetailsForm(deliveredAt);
  const restored = useRef(false);
  const timeHeading = useRef<HTMLHeadingElement>(null);

  // docs/product.md §14: a visitor who signs in from here comes back here.
  useEffect(() => {
    if (isLoading) return;
    if (isSignedIn) consumeRedirectAfterLogin(BOOKING_CONFIRMATION_PATH);
    else rememberRedirectAfterLogin(BOOKING_CONFIRMATION_PATH);
  }, [isLoading, isSignedIn]);

  // The draft keeps the chosen day and time as text; pick them again once the real slots are known.
  useEffect(() => {
    if (restored.current || !availability.data) return;
    restored.current = true;
    const slot = findSlot(availability.data.days, draft.selectedDate, draft.selectedTime);
    if (slot) setSchedule({ date: draft.selectedDate ?? null, slot });
    else if (draft.selectedDate) setSchedule({ date: draft.selectedDate, slot: null });
  }, [availability.data, draft.selectedDate, draft.selectedTime]);

  const choose = (next: Schedule) => {
    setSchedule(next);
    saveBookingDraft({ ...draft, selectedDate: next.date ?? undefined, selectedTime: next.slot?.label });
  };

  const pay = async () => {
    if (!user || !schedule.slot) {
      notify('error', t('page.missing'), t('page.selectDateTime'));
      return;
    }
    // The booking is in the account's name: the page shows it (Your details) rather than asking.
    form.setValue('name', displayName(user));
    form.setValue('email', user.email);
    if (!(await form.trigger(undefined, { shouldFocus: true }))) {
      notify('error', t('page.missing'), t('page.checkDetails'));
      return;
    }
    const outcome = await checkout.start({
      providerId: draft.providerId,
      serviceDate: schedule.slot.start,
      serviceId: draft.serviceId,
      serviceTitle: draft.service,
      ...bookingDetailsPayload(form.getValues()),
    });
    if (outcome === 'slot_problem') {
      setSchedule({ date: schedule.date, slot: null });
      void availability.refetch();
      // Pay Now turns into the disabled "Select Date & Time First": lead the focus to the other times.
      timeHeading.current?.focus();
    }
  };

  if (showConfirmedPage && checkout.confirmed) {
    return (
      <>
        <PageMeta title={t('confirmed.title')} description={t('page.confirmedDescription')} />
        <BookingConfirmedView booking={checkout.confirmed} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 lg:px-6">
      <PageMeta title={t('page.title')} description={t('page.description')} />
      <Link
        to={`/provider/${draft.providerId}`}
        className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-primary-700 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t('confirmed.backTo', { provider: draft.providerName })}
      </Link>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('page.title')}</h1>
      <p className="mt-1 text-muted">{t('page.lead')}</p>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-5">
        <BookingSummaryCard draft={draft} />
        <section className="min-w-0 rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs">
          <SchedulePicker
            providerId={draft.providerId}
            serviceId={draft.serviceId}
            value={schedule}
            onChange={choose}
            timeHeadingRef={timeHeading}
          />
        </section>
        <CustomerDetailsCard user={user} />
        {user ? (
          <section
            aria-labelledby="service-place"
            className="grid gap-4 rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs"
          >
            <h2 id="service-place" className="text-lg font-semibold text-ink">
              {deliveredAt === 'customer' ? t('page.whereComes') : t('page.forProfessional')}
            </h2>
            <BookingDetailsFields form={form} contact={false} />
          </section>
        ) : null}
      </div>

      <CheckoutBar
        loading={isLoading}
        signedIn={isSignedIn}
        scheduled={schedule.slot !== null}
        totalCents={estimatedTotalCents(draft)}
        busy={checkout.isStarting}
        onSignIn={() => setSignInOpen(true)}
        onPay={() => void pay()}
      />

      <SignInDialog open={signInOpen} onOpenChange={setSignInOpen} />
      {checkout.paymentDialog}
      <BookingSuccessDialog
        booking={showConfirmedPage ? null : checkout.confirmed}
        onContinue={() => setShowConfirmedPage(true)}
      />
    </div>
  );
}
