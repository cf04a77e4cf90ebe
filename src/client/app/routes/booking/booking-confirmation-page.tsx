import { ArrowLeftIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { displayName } from '@/features/auth';
import { BookingSummaryCard } from '@/features/bookings/components/booking-summary-card';
import { type BookingDraft, readBookingDraft, saveBookingDraft } from '@/features/bookings';

import { BookingConfirmedView } from '@/features/bookings/components/booking-confirmed-view';
import { BookingSuccessDialog } from '@/features/bookings/components/booking-success-dialog';
import { CheckoutBar } from '@/features/bookings/components/checkout-bar';
import { CustomerDetailsCard } from '@/features/bookings/components/customer-details-card';
import {
  EMPTY_SCHEDULE,
  findSlot,
  type Schedule,
  SchedulePicker,
  useAvailability,
} from '@/features/availability';
import { SignInDialog } from '@/features/bookings/components/sign-in-dialog';
import { useCheckout } from '@/features/bookings/hooks/use-checkout';
import { estimatedTotalCents } from '@/features/bookings/lib/amounts';
import {
  consumeRedirectAfterLogin,
  rememberRedirectAfterLogin,
} from '@/features/bookings/lib/booking-storage';
import { FormError } from '@/components/ui/form-field';
import { NotesField, PhoneField } from '@/features/bookings/components/phone-field';
import { ServiceAddressFields } from '@/features/bookings/components/service-address-fields';
import { usePrefilledDetails } from '@/features/bookings/hooks/use-prefilled-details';
import { detailsPayload, detailsProblem } from '@/features/bookings/lib/details';
import { notify } from '@/lib/toast';

const NO_BOOKING_REDIRECT_MS = 500;
export const BOOKING_CONFIRMATION_PATH = '/booking-confirmation';

/** /booking-confirmation: schedule the stored booking choice, sign in if needed, pay, confirmed. */
export function BookingConfirmationPage() {
  const navigate = useNavigate();
  const [draft] = useState(readBookingDraft);

  useEffect(() => {
    if (draft) return undefined;
    const timer = window.setTimeout(() => navigate('/', { replace: true }), NO_BOOKING_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [draft, navigate]);

  if (!draft) {
    return (
      <p role="status" className="mx-auto max-w-2xl px-4 py-16 text-center text-muted">
        Loading...
      </p>
    );
  }
  return <Checkout draft={draft} />;
}

function Checkout({ draft }: { draft: BookingDraft }) {
  const { user, isSignedIn, isLoading } = useCurrentUser();
  const availability = useAvailability(draft.providerId, draft.serviceId);
  const [schedule, setSchedule] = useState<Schedule>(EMPTY_SCHEDULE);
  const [signInOpen, setSignInOpen] = useState(false);
  const [showConfirmedPage, setShowConfirmedPage] = useState(false);
  const checkout = useCheckout({ providerId: draft.providerId, providerName: draft.providerName });
  const deliveredAt = draft.deliveredAt ?? 'provider';
  const [details, setDetails] = usePrefilledDetails();
  const [detailsIssue, setDetailsIssue] = useState<string | null>(null);
  const restored = useRef(false);
  const timeHeading = useRef<HTMLHeadingElement>(null);

  // Spec section 4: a visitor who signs in from here comes back here.
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
      notify('error', 'Missing information', 'Please select date and time for your appointment.');
      return;
    }
    const filled = { ...details, name: displayName(user), email: user.email };
    const issue = detailsProblem(filled, { deliveredAt });
    setDetailsIssue(issue);
    if (issue) {
      notify('error', 'Missing information', issue);
      return;
    }
    const outcome = await checkout.start({
      providerId: draft.providerId,
      serviceDate: schedule.slot.start,
      serviceId: draft.serviceId,
      serviceTitle: draft.service,
      ...detailsPayload(filled, deliveredAt),
      notes: details.notes.trim() || null,
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
        <PageMeta title="Booking Confirmed" description="Your Trillium booking is confirmed." />
        <BookingConfirmedView booking={checkout.confirmed} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 lg:px-6">
      <PageMeta
        title="Confirm your booking"
        description="Choose a date and time and pay for your Trillium booking."
      />
      <Link
        to={`/provider/${draft.providerId}`}
        className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-primary-700 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Back to {draft.providerName}
      </Link>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl">Confirm your booking</h1>
      <p className="mt-1 text-muted">Pick a date and time, then pay securely by card.</p>

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
              {deliveredAt === 'customer' ? 'Where the professional comes' : 'For the professional'}
            </h2>
            <PhoneField
              value={details.phone}
              onChange={(phone) => setDetails({ ...details, phone })}
              required={deliveredAt === 'customer'}
            />
            {deliveredAt === 'customer' ? (
              <ServiceAddressFields
                value={details.address}
                onChange={(address) => setDetails({ ...details, address })}
              />
            ) : null}
            <NotesField value={details.notes} onChange={(notes) => setDetails({ ...details, notes })} />
            <FormError message={detailsIssue} />
          </section>
        ) : null}
      </div>

      <CheckoutBar
        loading={isLoading}
        signedIn={isSignedIn}
        scheduled={schedule.slot !== null}
        totalCents={estimatedTotalCents(draft.price)}
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
