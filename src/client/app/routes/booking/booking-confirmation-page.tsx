import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { readBookingDraft } from '@/features/bookings';
import { BookingPageCheckout } from '@/features/bookings/components/booking-page-checkout';
import { useT } from '@/lib/i18n/i18n';

const NO_BOOKING_REDIRECT_MS = 500;

/** /booking-confirmation: schedule the stored booking choice, sign in if needed, pay, confirmed. */
export function BookingConfirmationPage() {
  const t = useT('booking');
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
        {t('page.loading')}
      </p>
    );
  }
  return <BookingPageCheckout draft={draft} />;
}
