import { describe, expect, it } from 'vitest';
import {
  type Actor,
  allowedTransitions,
  BOOKING_STATUSES,
  type BookingStatus,
  canContinuePaying,
  canTransition,
  TRANSITIONS,
  type Transition,
} from './booking-lifecycle';

const ACTORS: Actor[] = ['customer', 'partner', 'admin', 'system'];
const now = new Date('2026-11-24T15:00:00Z');
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

/** Every (transition, from) pair allowed for a booking 3 days ahead, with who may make it. */
const EXPECTED: Record<Transition, Partial<Record<BookingStatus, Actor[]>>> = {
  pay: { awaiting_payment: ['customer', 'system'], expired: ['customer', 'system'] },
  confirm_payment: { awaiting_payment: ['admin'], expired: ['admin'] },
  retake: { expired: ['customer'] },
  expire: { awaiting_payment: ['system'] },
  release: { awaiting_payment: ['customer', 'system'] },
  cancel: { awaiting_payment: ['partner', 'admin'], confirmed: ['customer', 'partner', 'admin'] },
  reschedule: { confirmed: ['customer'] },
  complete: {},
  mark_no_show: {},
  report_no_show: {},
  resolve_refund: { disputed: ['admin'] },
  resolve_completed: { disputed: ['admin'] },
};

describe('the booking state graph', () => {
  it('allows exactly the listed transitions, from every state, for every actor (a booking 3 days ahead)', () => {
    for (const transition of Object.keys(TRANSITIONS) as Transition[]) {
      for (const status of BOOKING_STATUSES) {
        for (const actor of ACTORS) {
          const booking = { status, paymentStatus: 'pending' as const, serviceDate: at(72 * HOUR) };
          const expected = EXPECTED[transition][status]?.includes(actor) ?? false;
          expect(canTransition(transition, booking, actor, now), `${transition} ${status} by ${actor}`).toBe(
            expected,
          );
        }
      }
    }
  });

  it('retakes a lapsed hold only while its payment can still be taken, and continues paying only a running hold', () => {
    const expired = { status: 'expired' as const, serviceDate: at(72 * HOUR) };
    expect(canTransition('retake', { ...expired, paymentStatus: 'pending' }, 'customer', now)).toBe(true);
    expect(canTransition('retake', { ...expired, paymentStatus: 'voided' }, 'customer', now)).toBe(false);
    // Released (another hold replaced it): never taken back, even before its payment is voided.
    expect(
      canTransition('retake', { ...expired, paymentStatus: 'pending', releasedAt: now }, 'customer', now),
    ).toBe(false);
    const hold = { status: 'awaiting_payment' as const };
    expect(canContinuePaying({ ...hold, holdExpiresAt: at(60_000) }, now)).toBe(true);
    expect(canContinuePaying({ ...hold, holdExpiresAt: at(0) }, now)).toBe(false);
    expect(canContinuePaying({ ...hold, holdExpiresAt: null }, now)).toBe(false);
    expect(canContinuePaying({ status: 'expired', holdExpiresAt: at(60_000) }, now)).toBe(false);
  });

  it('completes: by the partner from the start, by the server 2 hours after the end', () => {
    const booking = { status: 'confirmed' as const, paymentStatus: 'confirmed' as const };
    expect(canTransition('complete', { ...booking, serviceDate: at(1) }, 'partner', now)).toBe(false);
    expect(canTransition('complete', { ...booking, serviceDate: at(0) }, 'partner', now)).toBe(true);
    const ended = { ...booking, serviceDate: at(-3 * HOUR), endsAt: at(-2 * HOUR) };
    expect(canTransition('complete', ended, 'system', now)).toBe(true);
    expect(canTransition('complete', { ...ended, endsAt: at(-2 * HOUR + 1) }, 'system', now)).toBe(false);
  });

  it('takes no-shows only in their windows: partner 15 min to 48 h after the start, customer 30 min to 48 h', () => {
    const booking = { status: 'confirmed' as const, paymentStatus: 'confirmed' as const };
    const started = (minutes: number) => ({ ...booking, serviceDate: at(-minutes * 60_000) });
    expect(canTransition('mark_no_show', started(14), 'partner', now)).toBe(false);
    expect(canTransition('mark_no_show', started(15), 'partner', now)).toBe(true);
    expect(canTransition('mark_no_show', started(48 * 60), 'partner', now)).toBe(true);
    expect(canTransition('mark_no_show', started(48 * 60 + 1), 'partner', now)).toBe(false);
    expect(canTransition('report_no_show', started(29), 'customer', now)).toBe(false);
    expect(canTransition('report_no_show', started(30), 'customer', now)).toBe(true);
    expect(canTransition('report_no_show', started(48 * 60 + 1), 'customer', now)).toBe(false);
  });

  it('takes no no-show, from either side, on a booking whose dispute an admin settled', () => {
    const settled = {
      status: 'completed' as const,
      paymentStatus: 'confirmed' as const,
      serviceDate: at(-60 * 60_000),
      disputeSettledAt: at(-10 * 60_000),
    };
    expect(canTransition('report_no_show', settled, 'customer', now)).toBe(false);
    expect(canTransition('mark_no_show', settled, 'partner', now)).toBe(false);
    expect(canTransition('report_no_show', { ...settled, disputeSettledAt: null }, 'customer', now)).toBe(
      true,
    );
    expect(canTransition('mark_no_show', { ...settled, disputeSettledAt: null }, 'partner', now)).toBe(true);
  });

  it('cancels before the start only, except an admin', () => {
    const started = {
      status: 'confirmed' as const,
      paymentStatus: 'confirmed' as const,
      serviceDate: at(-1),
    };
    expect(canTransition('cancel', started, 'customer', now)).toBe(false);
    expect(canTransition('cancel', started, 'partner', now)).toBe(false);
    expect(canTransition('cancel', started, 'admin', now)).toBe(true);
  });

  it('reschedules at most twice, and only while a full refund would be given', () => {
    const booking = {
      status: 'confirmed' as const,
      paymentStatus: 'confirmed' as const,
      serviceDate: at(72 * HOUR),
      cancellationPolicy: 'moderate' as const,
    };
    expect(canTransition('reschedule', { ...booking, rescheduleCount: 1 }, 'customer', now)).toBe(true);
    expect(canTransition('reschedule', { ...booking, rescheduleCount: 2 }, 'customer', now)).toBe(false);
    // Moderate: 47 hours before is 50%, so no reschedule (it could dodge the policy)...
    expect(canTransition('reschedule', { ...booking, serviceDate: at(47 * HOUR) }, 'customer', now)).toBe(
      false,
    );
    // ...unless within 15 minutes of paying.
    expect(
      canTransition(
        'reschedule',
        { ...booking, serviceDate: at(47 * HOUR), paidAt: at(-5 * 60_000) },
        'customer',
        now,
      ),
    ).toBe(true);
  });

  it('lets an admin confirm only a payment that is still pending', () => {
    const booking = { status: 'expired' as const, paymentStatus: 'voided' as const, serviceDate: at(HOUR) };
    expect(canTransition('confirm_payment', booking, 'admin', now)).toBe(false);
    expect(canTransition('confirm_payment', { ...booking, paymentStatus: 'pending' }, 'admin', now)).toBe(
      true,
    );
  });

  it('lists what a screen offers', () => {
    const booking = {
      status: 'confirmed' as const,
      paymentStatus: 'confirmed' as const,
      serviceDate: at(-HOUR),
    };
    expect(allowedTransitions(booking, 'partner', now)).toEqual(['complete', 'mark_no_show']);
    expect(allowedTransitions(booking, 'customer', now)).toEqual(['report_no_show']);
    expect(allowedTransitions(booking, 'admin', now)).toEqual(['cancel']);
    expect(allowedTransitions({ ...booking, status: 'cancelled' }, 'admin', now)).toEqual([]);
  });
});
