import type { CustomerBooking } from '@shared/contract/bookings';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useBooking } from '../api/get-booking';
import { REVIEW_LINK_PARAM, type ReviewLinkNotice, reviewLinkId, reviewRefusal } from '../lib/review-link';

/**
 * The "How was it?" e-mail's link, `/bookings?review={id}`: loads that booking and hands it to
 * `onReviewable` when its customer may review it now, or says why not (already reviewed, the window
 * closed, not found). The parameter then leaves the address, so a reload or Back does not reopen it.
 */
export function useReviewLink(onReviewable: (booking: CustomerBooking) => void) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(REVIEW_LINK_PARAM);
  const id = reviewLinkId(raw);
  const booking = useBooking(id);
  const [notice, setNotice] = useState<ReviewLinkNotice | null>(null);

  useEffect(() => {
    if (raw === null) return;
    if (id !== null && booking.isPending) return;
    if (id === null || booking.isError) {
      const missing = id === null || (isApiError(booking.error) && booking.error.status === 404);
      setNotice({ key: missing ? 'link.notFound' : 'link.loadFailed' });
    } else if (booking.data) {
      const refusal = reviewRefusal(booking.data);
      if (refusal) setNotice(refusal);
      else onReviewable(booking.data);
    }
    setParams(
      (current) => {
        current.delete(REVIEW_LINK_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [raw, id, booking.isPending, booking.isError, booking.error, booking.data, onReviewable, setParams]);

  return {
    /** The page was opened from the link: show the past bookings, where reviews are written. */
    requested: raw !== null,
    notice,
    dismiss: () => setNotice(null),
  };
}
