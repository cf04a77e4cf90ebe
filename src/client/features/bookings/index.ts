/**
 * Bookings (contract `bookings`, server `modules/bookings`): booking a service (the desktop dialog,
 * the phone step flow, the booking page) and the customer's bookings afterwards. Public pages import
 * the lazy wrappers, so the booking and payment code loads only when a booking starts.
 */
export type { BookingDialogProps } from './components/booking-dialog';
export type { BookingStepFlowProps } from './components/booking-step-flow';
export { LazyBookingDialog, LazyBookingStepFlow } from './components/lazy-booking';
export { consumeRedirectAfterLogin } from './lib/booking-storage';
/** Starting a booking from anywhere, and the draft the booking screens read. */
export {
  BOOKING_DRAFT_KEY,
  type BookingDraft,
  readBookingDraft,
  saveBookingDraft,
} from './lib/booking-draft';
export { useStartBooking } from './lib/use-start-booking';
