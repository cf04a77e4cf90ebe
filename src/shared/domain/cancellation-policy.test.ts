import { describe, expect, it } from 'vitest';
import { fullRefundNow, percentOf, refundPreview, refundQuote } from './cancellation-policy';

const HOUR = 3_600_000;
const start = new Date('2026-11-26T15:00:00Z'); // Thursday 10:00 AM in Toronto
const startsIn = (ms: number) => new Date(start.getTime() - ms);
const quote = (policy: 'flexible' | 'moderate' | 'strict', now: Date, paidAt: Date | null = null) =>
  refundQuote({ policy, totalCents: 11330, startsAt: start, paidAt, now, by: 'customer' });

describe('cancellation policies', () => {
  it('flexible: full until 24 hours before, 50% after', () => {
    expect(quote('flexible', startsIn(48 * HOUR))).toMatchObject({
      percent: 100,
      amountCents: 11330,
      dropsAt: startsIn(24 * HOUR).toISOString(),
    });
    expect(quote('flexible', startsIn(24 * HOUR)).percent).toBe(100);
    expect(quote('flexible', startsIn(24 * HOUR - 60_000))).toMatchObject({
      percent: 50,
      amountCents: 5665,
      dropsAt: null,
    });
    expect(quote('flexible', startsIn(60_000)).percent).toBe(50);
  });

  it('moderate: full until 48 hours, 50% until 24 hours, nothing after', () => {
    expect(quote('moderate', startsIn(48 * HOUR)).percent).toBe(100);
    expect(quote('moderate', startsIn(48 * HOUR - 1)).percent).toBe(50);
    expect(quote('moderate', startsIn(48 * HOUR - 1)).dropsAt).toBe(startsIn(24 * HOUR).toISOString());
    expect(quote('moderate', startsIn(24 * HOUR)).percent).toBe(50);
    expect(quote('moderate', startsIn(24 * HOUR - 60_000))).toMatchObject({ percent: 0, amountCents: 0 });
  });

  it('strict: full until 7 days, 50% until 48 hours, nothing after', () => {
    expect(quote('strict', startsIn(7 * 24 * HOUR)).percent).toBe(100);
    expect(quote('strict', startsIn(7 * 24 * HOUR - 60_000)).percent).toBe(50);
    expect(quote('strict', startsIn(48 * HOUR)).percent).toBe(50);
    expect(quote('strict', startsIn(47 * HOUR)).percent).toBe(0);
  });

  it('refunds in full within 15 minutes of paying, whatever the policy, and says when that ends', () => {
    const paidAt = startsIn(2 * HOUR);
    expect(quote('strict', new Date(paidAt.getTime() + 14 * 60_000), paidAt)).toMatchObject({
      percent: 100,
      reason: 'grace',
      dropsAt: new Date(paidAt.getTime() + 15 * 60_000).toISOString(),
    });
    expect(quote('strict', new Date(paidAt.getTime() + 15 * 60_000), paidAt).percent).toBe(0);
  });

  it('refunds in full when the partner or an admin cancels', () => {
    for (const by of ['partner', 'admin'] as const) {
      expect(
        refundQuote({
          policy: 'strict',
          totalCents: 999,
          startsAt: start,
          paidAt: null,
          now: startsIn(HOUR),
          by,
        }),
      ).toMatchObject({ percent: 100, amountCents: 999, reason: 'not_customer' });
    }
  });

  it('counts hours as real time across a daylight-saving change', () => {
    // Sunday 1 November 2026, 10:00 AM EST; the clocks fell back at 2:00 AM that morning.
    const afterChange = new Date('2026-11-01T15:00:00Z');
    const q = (now: Date) =>
      refundQuote({
        policy: 'flexible',
        totalCents: 100,
        startsAt: afterChange,
        paidAt: null,
        now,
        by: 'customer',
      });
    // 24 real hours before is 11:00 AM EDT on Saturday (the wall clock says 11, not 10).
    const dayBefore = new Date('2026-10-31T15:00:00Z');
    expect(q(dayBefore).percent).toBe(100);
    expect(q(new Date(dayBefore.getTime() + 60_000)).percent).toBe(50);
    expect(q(new Date('2026-10-31T14:30:00Z')).percent).toBe(100); // 10:30 AM EDT Saturday: 24.5 h before
  });

  it('rounds each refund half up to the cent', () => {
    expect(percentOf(2833, 50)).toBe(1417);
    expect(percentOf(2832, 50)).toBe(1416);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(11330, 0)).toBe(0);
    for (let cents = 0; cents < 5000; cents += 7) expect(percentOf(cents, 100)).toBe(cents);
  });

  it('says whether a full refund (and so a reschedule) is possible now', () => {
    expect(
      fullRefundNow({ policy: 'flexible', startsAt: start, paidAt: null, now: startsIn(25 * HOUR) }),
    ).toBe(true);
    expect(
      fullRefundNow({ policy: 'flexible', startsAt: start, paidAt: null, now: startsIn(23 * HOUR) }),
    ).toBe(false);
  });

  it('says the refund and why in one sentence', () => {
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(refundPreview('flexible', { percent: 50, amountCents: 5665, reason: 'policy' }, money)).toBe(
      "You'll get $56.65 back (50%) because it's less than 24 hours before the start.",
    );
    expect(refundPreview('flexible', { percent: 100, amountCents: 11330, reason: 'policy' }, money)).toBe(
      "You'll get $113.30 back (100%) because it's more than 24 hours before the start.",
    );
    expect(refundPreview('strict', { percent: 50, amountCents: 5665, reason: 'policy' }, money)).toBe(
      "You'll get $56.65 back (50%) because it's less than 7 days before the start.",
    );
    expect(refundPreview('moderate', { percent: 0, amountCents: 0, reason: 'policy' }, money)).toBe(
      "You won't get a refund because it's less than 24 hours before the start (Moderate policy).",
    );
    expect(refundPreview('strict', { percent: 100, amountCents: 11330, reason: 'grace' }, money)).toContain(
      'less than 15 minutes ago',
    );
  });
});
