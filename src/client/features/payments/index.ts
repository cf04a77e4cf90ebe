/**
 * What the service page and the router use from the payments feature. Import the lazy wrappers on
 * public pages so the payment code loads only when a booking starts.
 */
export type { BookingDialogProps } from './components/booking-dialog';
export type { BookingStepFlowProps } from './components/booking-step-flow';
export { LazyBookingDialog, LazyBookingStepFlow } from './components/lazy-booking';
export { consumeRedirectAfterLogin } from './lib/booking-storage';
