import { type CancellationPolicy, fullRefundNow } from './cancellation-policy';

/**
 * The booking lifecycle as data (docs/product.md §8): the states, the named transitions between them
 * and who may make each, with the conditions in time. The server asserts a transition before applying
 * it; every screen decides which buttons to show from the same predicates.
 */

export const BOOKING_STATUSES = [
  'awaiting_payment',
  'confirmed',
  'completed',
  'cancelled',
  'expired',
  'no_show',
  'disputed',
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
  /** When the booked time (and its buffer) ends; the start plus an hour when unknown. */
  endsAt?: string | Date;
  cancellationPolicy?: CancellationPolicy;
  /** When it was paid (the 15-minute grace for a full refund counts from here). */
  paidAt?: string | Date | null;
  rescheduleCount?: number;
  /** When its hold was released (replaced, or its payment could not start): never taken back. */
  releasedAt?: string | Date | null;
  /** When an admin settled a dispute about it: final, no no-show is reported or marked again. */
  disputeSettledAt?: string | Date | null;
};

/** How many times a customer may move one booking. */
export const MAX_RESCHEDULES = 2;
/** A partner may mark a no-show from 15 minutes after the start; a customer report one from 30; both until 48 hours. */
export const NO_SHOW_WINDOWS = {
  partner: { fromMs: 15 * 60_000, untilMs: 48 * 3_600_000 },
  customer: { fromMs: 30 * 60_000, untilMs: 48 * 3_600_000 },
} as const;
/** A confirmed booking completes by itself this long after its end. */
export const AUTO_COMPLETE_AFTER_MS = 2 * 3_600_000;

type Rule = {
  from: readonly BookingStatus[];
  to: BookingStatus;
  by: readonly Actor[];
  /** A further condition on the booking at `now`, for the actor asking. */
  when?: (booking: BookingFacts, now: Date, actor: Actor) => boolean;
};

const ms = (value: string | Date | null | undefined) => (value ? new Date(value).getTime() : Number.NaN);
const sinceStart = (booking: BookingFacts, now: Date) => now.getTime() - ms(booking.serviceDate);
const started = (booking: BookingFacts, now: Date) => sinceStart(booking, now) >= 0;
const within = (booking: BookingFacts, now: Date, window: { fromMs: number; untilMs: number }) =>
  sinceStart(booking, now) >= window.fromMs && sinceStart(booking, now) <= window.untilMs;
const endOf = (booking: BookingFacts) =>
  booking.endsAt ? ms(booking.endsAt) : ms(booking.serviceDate) + 3_600_000;

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
  /**
   * The customer pays after their hold ran out: the time is theirs again if nobody else took it (the
   * database's no-overlap rule decides), for another hold period. Not once its payment was voided, nor
   * a hold that was released (another hold replaced it): its payment is being voided, and taking it
   * back would undo the one-hold-per-provider and open-holds limits and a promo code's freed use.
   */
  retake: {
    from: ['expired'],
    to: 'awaiting_payment',
    by: ['customer'],
    when: (booking) => booking.paymentStatus === 'pending' && !booking.releasedAt,
  },
  /** An unpaid hold ran out. */
  expire: { from: ['awaiting_payment'], to: 'expired', by: ['system'] },
  /** The customer held another time at the same provider instead. */
  release: { from: ['awaiting_payment'], to: 'expired', by: ['customer', 'system'] },
  /**
   * Cancelled before the start: by the customer (refunded by the policy), the partner (in full), or an
   * admin (in full, at any time).
   */
  cancel: {
    from: ['awaiting_payment', 'confirmed'],
    to: 'cancelled',
    by: ['customer', 'partner', 'admin'],
    when: (booking, now, actor) =>
      actor === 'admin' ||
      (!started(booking, now) && (actor !== 'customer' || booking.status === 'confirmed')),
  },
  /**
   * Moved to another free time, keeping its payment: by the customer, before the start, while a full
   * refund would still be given, at most twice.
   */
  reschedule: {
    from: ['confirmed'],
    to: 'confirmed',
    by: ['customer'],
    when: (booking, now) =>
      !started(booking, now) &&
      (booking.rescheduleCount ?? 0) < MAX_RESCHEDULES &&
      fullRefundNow({
        policy: booking.cancellationPolicy ?? 'flexible',
        startsAt: new Date(booking.serviceDate),
        paidAt: booking.paidAt ? new Date(booking.paidAt) : null,
        now,
      }),
  },
  /** The service took place: marked by the partner from the start, or by the server 2 hours after its end. */
  complete: {
    from: ['confirmed'],
    to: 'completed',
    by: ['partner', 'system'],
    when: (booking, now, actor) =>
      actor === 'system' ? now.getTime() >= endOf(booking) + AUTO_COMPLETE_AFTER_MS : started(booking, now),
  },
  /**
   * The customer did not come: marked by the partner, 15 minutes to 48 hours after the start (also once
   * the server completed it by itself), unless an admin settled a dispute about it. No refund.
   */
  mark_no_show: {
    from: ['confirmed', 'completed'],
    to: 'no_show',
    by: ['partner'],
    when: (booking, now) => !booking.disputeSettledAt && within(booking, now, NO_SHOW_WINDOWS.partner),
  },
  /**
   * The professional did not come: reported by the customer, 30 minutes to 48 hours after the start
   * (also once the server completed it by itself), once: not after an admin settled the dispute.
   */
  report_no_show: {
    from: ['confirmed', 'completed'],
    to: 'disputed',
    by: ['customer'],
    when: (booking, now) => !booking.disputeSettledAt && within(booking, now, NO_SHOW_WINDOWS.customer),
  },
  /** An admin settles a dispute for the customer: refunded in full. */
  resolve_refund: { from: ['disputed'], to: 'cancelled', by: ['admin'] },
  /** An admin settles a dispute for the partner: the service counts as done. */
  resolve_completed: { from: ['disputed'], to: 'completed', by: ['admin'] },
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
  return (
    rule.from.includes(booking.status) &&
    rule.by.includes(actor) &&
    (rule.when?.(booking, now, actor) ?? true)
  );
}

/** The state a transition leads to. */
export function targetOf(transition: Transition): BookingStatus {
  return TRANSITIONS[transition].to;
}

/** Every transition `actor` may make on this booking now (what a screen offers). */
export function allowedTransitions(booking: BookingFacts, actor: Actor, now: Date): Transition[] {
  return (Object.keys(TRANSITIONS) as Transition[]).filter((t) => canTransition(t, booking, actor, now));
}

/**
 * Whether the customer can still pay for this hold now ("Continue to payment"): awaiting payment and
 * its hold still running. A lapsed hold is paid through `retake` only when the customer is already paying.
 */
export function canContinuePaying(
  booking: Pick<BookingFacts, 'status'> & { holdExpiresAt?: string | Date | null },
  now: Date,
): boolean {
  return (
    booking.status === 'awaiting_payment' &&
    booking.holdExpiresAt != null &&
    new Date(booking.holdExpiresAt).getTime() > now.getTime()
  );
}

/** What a customer may do with their booking now, as `GET /api/bookings/:id` answers it. */
export const CUSTOMER_ACTIONS = ['cancel', 'reschedule', 'report_no_show', 'review'] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];

/** The customer's actions on this booking now: the lifecycle's transitions, and a review once completed. */
export function customerActions(
  booking: BookingFacts & { completedAt?: string | Date | null; reviewed?: boolean },
  now: Date,
): CustomerAction[] {
  const actions: CustomerAction[] = (['cancel', 'reschedule', 'report_no_show'] as const).filter((t) =>
    canTransition(t, booking, 'customer', now),
  );
  if (canReview(booking, now)) actions.push('review');
  return actions;
}

/** A completed booking may be reviewed by its customer once, within this many days of completion. */
export const REVIEW_WINDOW_DAYS = 14;

/** Whether the booking's customer may review it now (docs/product.md §8): completed, in the window, not yet. */
export function canReview(
  booking: { status: BookingStatus; completedAt?: string | Date | null; reviewed?: boolean },
  now: Date,
): boolean {
  if (booking.status !== 'completed' || booking.reviewed || !booking.completedAt) return false;
  return now.getTime() - new Date(booking.completedAt).getTime() <= REVIEW_WINDOW_DAYS * 86_400_000;
}

/**
 * A booking that holds its provider's time: paid, or held (the hold's own expiry aside), or under a
 * dispute an admin has not settled yet (migration 0023).
 */
export const LIVE_STATUSES = [
  'awaiting_payment',
  'confirmed',
  'completed',
  'disputed',
] as const satisfies readonly BookingStatus[];

/** What a booking's history shows its customer (the server also records what it sent: reminders). */
export const HISTORY_EVENT_KINDS = [
  'paid',
  'rescheduled',
  'cancelled',
  'refunded',
  'no_show',
  'dispute_opened',
  'dispute_resolved',
  'completed',
] as const;
export type HistoryEventKind = (typeof HISTORY_EVENT_KINDS)[number];
