/**
 * Payments (contract `payments`, server `modules/payments`): paying a held booking by card, in the
 * sandbox or through Stripe. The booking funnel (features/bookings) opens the Secure Payment dialog
 * once the server has held the slot.
 */
export { AcceptedBrands } from './components/accepted-brands';
export { MoneyLines } from './components/money-lines';
export { SecurePaymentDialog } from './components/secure-payment-dialog';
export type { Billing, PaymentHold, PaymentResult } from './lib/types';
