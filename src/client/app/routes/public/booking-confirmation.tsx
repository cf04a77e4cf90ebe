import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { BookingSummaryCard } from '@/features/bookings/components/booking-summary-card';
import { readBookingDraft } from '@/features/bookings/lib/booking-draft';

const NO_BOOKING_REDIRECT_MS = 500;

/** Minimal for now: the summary of the stored choice. Scheduling and payment come with the booking issue. */
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

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <PageMeta title="Confirm your booking" description="Review your Trillium booking before you pay." />
      <h1 className="text-2xl font-bold tracking-tight text-ink">Confirm your booking</h1>
      <p className="mt-1 text-muted">Review the details of your booking.</p>
      <div className="mt-6">
        <BookingSummaryCard draft={draft} />
      </div>
      <p className="mt-4 text-sm">
        <Link
          to={`/provider/${draft.providerId}`}
          className="inline-flex min-h-11 items-center font-semibold text-primary-700 hover:underline"
        >
          Back to {draft.providerName}
        </Link>
      </p>
    </div>
  );
}
