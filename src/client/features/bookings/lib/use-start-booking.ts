import { useNavigate } from 'react-router';
import { type BookingDraft, saveBookingDraft } from './booking-draft';

/** Book Now: keeps the choice in the browser and opens /booking-confirmation. */
export function useStartBooking() {
  const navigate = useNavigate();
  return (draft: BookingDraft) => {
    saveBookingDraft(draft);
    navigate('/booking-confirmation');
  };
}
