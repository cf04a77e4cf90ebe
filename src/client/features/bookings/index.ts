/** Starting a booking from anywhere, and the draft the booking screens read. */
export {
  BOOKING_DRAFT_KEY,
  type BookingDraft,
  readBookingDraft,
  saveBookingDraft,
} from './lib/booking-draft';
export { useStartBooking } from './lib/use-start-booking';
