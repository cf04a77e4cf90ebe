/**
 * The booking lifecycle as data (docs/product.md, "The life of a booking"): the states, the named
 * transitions between them and who may make each. The server asserts a transition before applying
 * it; every screen decides which buttons to show from the same predicates.
 */

export const BOOKING_STATUSES = [
  'awaiting_payment',
  'confirmed',
  'completed',
  'cancelled',
  'expired',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * A booking's payment: `pending` (started, not decided), `confirmed` (taken), `failed`, `refunded`
 * (given back, in full or in part: see its refunds), `voided` (the hold ended unpaid and its payment
 * was cancelled at the processor, so it can never be charged).
 */
export const PAYMENT_STATUSES = ['pending', 'confirmed', 'failed', 'refunded', 'voided'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Who makes a transition: the booking's customer, the listing's partner, an admin, or the server itself. */
export type Actor = 'customer' | 'partner' | 'admin' | 'system';

/** What the rules look at. */
export type BookingFacts = {
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  serviceDate: string | Date;
};

type Rule = {
  from: readonly BookingStatus[];
  to: BookingStatus;
  by: readonly Actor[];
  /** A further condition on the booking at `now`. */
  when?: (booking: BookingFacts, now: Date) => boolean;
};

const started = (booking: BookingFacts, now: Date) =>
  new Date(booking.serviceDate).getTime() <= now.getTime();

export const TRANSITIONS = {
  /** The payment succeeded: a live hold, or an expired one whose time is still free, becomes a booking. */
  pay: { from: ['awaiting_payment', 'expired'], to: 'confirmed', by: ['customer', 'system'] },
  /** An admin confirms a payment the processor reports succeeded (a webhook that never arrived). */
  confirm_payment: {
    from: ['awaiting_payment', 'expired'],
    to: 'confirmed',
    by: ['admin'],
    when: (booking) => booking.paymentStatus === 'pending',
  },
  /** An unpaid hold ran out. */
  expire: { from: ['awaiting_payment'], to: 'expired', by: ['system'] },
  /** The customer held another time at the same provider instead. */
  release: { from: ['awaiting_payment'], to: 'expired', by: ['customer', 'system'] },
  /** Cancelled by the back office; a paid booking is refunded in full. */
  cancel: { from: ['awaiting_payment', 'confirmed'], to: 'cancelled', by: ['partner', 'admin'] },
  /** The service took place: from its start time on. */
  complete: { from: ['confirmed'], to: 'completed', by: ['partner'], when: started },
} as const satisfies Record<string, Rule>;

export type Transition = keyof typeof TRANSITIONS;

/** Whether `actor` may make `transition` on this booking now. */
export function canTransition(
  transition: Transition,
  booking: BookingFacts,
  actor: Actor,
  now: Date,
): boolean {
  const rule: Rule = TRANSITIONS[transition];
  return rule.from.includes(booking.status) && rule.by.includes(actor) && (rule.when?.(booking, now) ?? true);
}

/** The state a transition leads to. */
export function targetOf(transition: Transition): BookingStatus {
  return TRANSITIONS[transition].to;
}

/** Every transition `actor` may make on this booking now (what a screen offers). */
export function allowedTransitions(booking: BookingFacts, actor: Actor, now: Date): Transition[] {
  return (Object.keys(TRANSITIONS) as Transition[]).filter((t) => canTransition(t, booking, actor, now));
}

/** A booking that holds its provider's time: paid, or held (the hold's own expiry aside). */
export const LIVE_STATUSES = [
  'awaiting_payment',
  'confirmed',
  'completed',
] as const satisfies readonly BookingStatus[];
