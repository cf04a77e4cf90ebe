import { describe, expect, it } from 'vitest';
import {
  type Actor,
  allowedTransitions,
  BOOKING_STATUSES,
  type BookingStatus,
  canTransition,
  TRANSITIONS,
  type Transition,
} from './booking-lifecycle';

const ACTORS: Actor[] = ['customer', 'partner', 'admin', 'system'];
const now = new Date('2026-11-24T15:00:00Z');
const past = '2026-11-24T14:00:00Z';
const future = '2026-11-25T14:00:00Z';

/** Every (transition, from) pair that is allowed, with who may make it; anything else is refused. */
const EXPECTED: Record<Transition, Partial<Record<BookingStatus, Actor[]>>> = {
  pay: { awaiting_payment: ['customer', 'system'], expired: ['customer', 'system'] },
  confirm_payment: { awaiting_payment: ['admin'], expired: ['admin'] },
  expire: { awaiting_payment: ['system'] },
  release: { awaiting_payment: ['customer', 'system'] },
  cancel: { awaiting_payment: ['partner', 'admin'], confirmed: ['partner', 'admin'] },
  complete: { confirmed: ['partner'] },
};

describe('the booking state graph', () => {
  it('allows exactly the listed transitions, from every state, for every actor', () => {
    for (const transition of Object.keys(TRANSITIONS) as Transition[]) {
      for (const status of BOOKING_STATUSES) {
        for (const actor of ACTORS) {
          const booking = { status, paymentStatus: 'pending' as const, serviceDate: past };
          const expected = EXPECTED[transition][status]?.includes(actor) ?? false;
          expect(canTransition(transition, booking, actor, now), `${transition} ${status} by ${actor}`).toBe(
            expected,
          );
        }
      }
    }
  });

  it('completes only from the start time on', () => {
    const booking = {
      status: 'confirmed' as const,
      paymentStatus: 'confirmed' as const,
      serviceDate: future,
    };
    expect(canTransition('complete', booking, 'partner', now)).toBe(false);
    expect(canTransition('complete', { ...booking, serviceDate: now.toISOString() }, 'partner', now)).toBe(
      true,
    );
  });

  it('lets an admin confirm only a payment that is still pending', () => {
    const booking = { status: 'expired' as const, paymentStatus: 'voided' as const, serviceDate: future };
    expect(canTransition('confirm_payment', booking, 'admin', now)).toBe(false);
    expect(canTransition('confirm_payment', { ...booking, paymentStatus: 'pending' }, 'admin', now)).toBe(
      true,
    );
  });

  it('lists what a screen offers', () => {
    const booking = { status: 'confirmed' as const, paymentStatus: 'confirmed' as const, serviceDate: past };
    expect(allowedTransitions(booking, 'partner', now)).toEqual(['cancel', 'complete']);
    expect(allowedTransitions(booking, 'admin', now)).toEqual(['cancel']);
    expect(allowedTransitions({ ...booking, status: 'cancelled' }, 'admin', now)).toEqual([]);
  });
});
