import { AppError } from '../../errors';

export const bookingErrors = {
  sameTime: () =>
    new AppError(
      400,
      'bookings.same_time',
      'That is already the time of this booking. Please choose another time.',
    ),
  slotTaken: () =>
    new AppError(409, 'bookings.slot_taken', 'That time was just taken. Please choose another time.'),
  slotInPast: () =>
    new AppError(400, 'bookings.slot_in_past', 'That time has passed. Please choose a time in the future.'),
  slotTooFar: () =>
    new AppError(400, 'bookings.slot_too_far', 'Bookings open 14 days ahead. Please choose an earlier date.'),
  slotOffSchedule: () =>
    new AppError(
      400,
      'bookings.slot_off_schedule',
      'The provider is not open at that time. Please choose one of the times shown.',
    ),
  slotTooSoon: (hours: number) =>
    new AppError(
      400,
      'bookings.slot_too_soon',
      `This provider needs ${hours} ${hours === 1 ? "hour's" : "hours'"} notice. Please choose a later time.`,
      {},
      { values: { hours } },
    ),
  unknownService: () =>
    new AppError(400, 'bookings.unknown_service', 'That service is not offered by this provider.'),
  notFound: () => new AppError(404, 'bookings.not_found', 'That booking was not found.'),
  holdExpired: () =>
    new AppError(
      409,
      'bookings.hold_expired',
      'Your hold on this time has expired and someone else booked it. Please choose another time.',
    ),
  /** A lapsed hold paid late whose time the professional no longer offers (hours, time off, notice). */
  holdTimeWithdrawn: () =>
    new AppError(
      409,
      'bookings.hold_time_withdrawn',
      'Your hold on this time has expired, and the professional no longer takes bookings at this time. Please choose another time.',
    ),
  cancelled: () =>
    new AppError(
      409,
      'bookings.cancelled',
      'This booking was cancelled. Please choose a time and book again.',
    ),
  needsPayment: () =>
    new AppError(
      400,
      'bookings.payment_required',
      'A booking is made with its payment: pay for it from the booking page.',
    ),
  /** The lifecycle does not allow this transition to this person now (docs/product.md, "The life of a booking"). */
  transitionNotAllowed: (transition: string, booking: { status: string; serviceDate: Date }) =>
    transitionRefused(transition, booking),
  paymentNotReceived: () =>
    new AppError(
      409,
      'bookings.payment_not_received',
      'The card payment for this booking has not succeeded, so it cannot be confirmed. Cancel it or wait for the customer to pay.',
    ),
  /** A service at the customer's place needs where, and a phone number to reach them (400, naming the field). */
  addressRequired: () =>
    new AppError(
      400,
      'bookings.address_required',
      'serviceAddress: Please enter the address where the service takes place.',
    ),
  phoneRequired: () =>
    new AppError(
      400,
      'bookings.phone_required',
      'customerPhone: Please enter a phone number the professional can reach you at.',
    ),
  holdReleased: () =>
    new AppError(
      409,
      'bookings.hold_released',
      'This time is no longer held for you, and its payment was cancelled. Please choose a time again.',
    ),
  slotLostRefunded: () =>
    new AppError(
      409,
      'bookings.slot_lost_refunded',
      'Someone else booked this time before your payment went through. Your payment is being refunded in full. Please choose another time.',
    ),
  tooManyHolds: (max: number) =>
    new AppError(
      429,
      'bookings.too_many_holds',
      `You already have ${max} bookings waiting for payment. Pay for one of them, or wait ten minutes for them to expire, before holding another time.`,
      {},
      { values: { max } },
    ),
  /** The processor could not start a payment; its error is kept as the cause for the log. */
  paymentsUnavailable: (cause?: unknown) =>
    Object.assign(new AppError(503, 'payments.unavailable', 'Payment system not ready. Please try again.'), {
      cause,
    }),
};

const STATUS_WORDS: Record<string, string> = {
  awaiting_payment: 'awaiting payment',
  confirmed: 'confirmed',
  completed: 'completed',
  cancelled: 'cancelled',
  expired: 'expired',
  no_show: 'marked as a no-show',
  disputed: 'under review',
};

/**
 * Why a transition is refused, in words for the person who asked; each sentence has its own key in
 * the French catalog (`bookings.transition_not_allowed.<case>`), with the booking's state as `{status}`.
 */
function transitionRefused(transition: string, booking: { status: string; serviceDate: Date }): AppError {
  const status = STATUS_WORDS[booking.status] ?? booking.status.replace(/_/g, ' ');
  const refuse = (variant: string, english: string) =>
    new AppError(
      409,
      'bookings.transition_not_allowed',
      english,
      {},
      { key: `bookings.transition_not_allowed.${variant}`, values: { status: booking.status } },
    );
  if (transition === 'complete' && booking.status === 'confirmed')
    return refuse('complete_too_early', 'A booking can be marked completed once its start time has passed.');
  if (transition === 'complete')
    return refuse('complete', `Only a confirmed booking can be marked completed; this one is ${status}.`);
  if (transition === 'cancel' && booking.status === 'confirmed')
    return refuse('cancel_started', 'This booking has started and can no longer be cancelled.');
  if (transition === 'cancel')
    return refuse('cancel', `This booking is ${status} and can no longer be cancelled.`);
  if (transition === 'reschedule' && booking.status === 'confirmed')
    return refuse(
      'reschedule_confirmed',
      'This booking can no longer be moved: it has started, a full refund no longer applies, or it has been moved twice already. You can still cancel it under its policy.',
    );
  if (transition === 'reschedule')
    return refuse('reschedule', `This booking is ${status} and can no longer be moved.`);
  if (transition === 'report_no_show' || transition === 'mark_no_show')
    return refuse(
      'no_show',
      'A no-show can be reported from shortly after the start until 48 hours after it, for a booking that took place.',
    );
  if (transition === 'confirm_payment')
    return refuse(
      'confirm_payment',
      `Only a booking whose payment is still pending can be confirmed; this one is ${status}.`,
    );
  return refuse('other', `This booking is ${status}, so that cannot be done now.`);
}
