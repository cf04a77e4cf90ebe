import { describe, expect, it } from 'vitest';
import {
  availableAt,
  earningState,
  nextPayoutAt,
  paymentLedgerLines,
  payoutPeriodStart,
  refundLedgerLines,
} from './earnings';
import { priceLines, splitRefund } from './price-lines';

const sum = (lines: { amountCents: number }[]) => lines.reduce((s, l) => s + l.amountCents, 0);

describe('ledger lines of a payment and a refund', () => {
  it('credits the partner the service and its HST, Trillium the fee and its HST, and the promo is Trillium’s', () => {
    const { lines } = priceLines({
      servicePriceCents: 10_000,
      discountCents: 2_000,
      partnerHstRegistered: true,
      categoryExempt: false,
    });
    const ledger = paymentLedgerLines(lines);
    expect(sum(ledger)).toBe(0);
    expect(ledger).toEqual([
      { account: 'processor', amountCents: -(8000 + 240 + 1040 + 31) },
      { account: 'partner', amountCents: 10_000 + 1040 },
      { account: 'platform_fee', amountCents: 240 },
      { account: 'hst_payable', amountCents: 31 },
      { account: 'promotions', amountCents: -2000 },
    ]);
    const refund = refundLedgerLines(splitRefund(lines, 4_000));
    expect(sum(refund)).toBe(0);
    expect(refund.find((l) => l.account === 'processor')!.amountCents).toBe(4_000);
  });
});

describe('when earnings are available', () => {
  const endsAt = new Date('2026-11-24T16:00:00Z');
  it('is 2 days after completion, or after a cancellation that kept money; never while confirmed or disputed', () => {
    const completedAt = new Date('2026-11-24T18:00:00Z');
    expect(availableAt({ status: 'completed', completedAt, cancelledAt: null, endsAt })).toEqual(
      new Date('2026-11-26T18:00:00Z'),
    );
    expect(availableAt({ status: 'confirmed', completedAt: null, cancelledAt: null, endsAt })).toBeNull();
    expect(availableAt({ status: 'disputed', completedAt, cancelledAt: null, endsAt })).toBeNull();
    const facts = {
      status: 'completed' as const,
      completedAt,
      cancelledAt: null,
      endsAt,
      netCents: 500,
      paidOutCents: 0,
    };
    expect(earningState(facts, new Date('2026-11-26T17:59:59Z'))).toBe('pending');
    expect(earningState(facts, new Date('2026-11-26T18:00:00Z'))).toBe('available');
    expect(earningState({ ...facts, paidOutCents: 500 }, new Date('2026-11-27T00:00:00Z'))).toBe('paid');
    expect(earningState({ ...facts, netCents: 0 }, new Date('2026-11-27T00:00:00Z'))).toBe('reversed');
  });
});

describe('the weekly payout', () => {
  it('is Monday 9:00 in Toronto, in winter (EST) and in summer (EDT)', () => {
    expect(payoutPeriodStart(new Date('2026-11-25T12:00:00Z'))).toEqual(new Date('2026-11-23T14:00:00Z'));
    expect(payoutPeriodStart(new Date('2026-11-23T13:59:59Z'))).toEqual(new Date('2026-11-16T14:00:00Z'));
    expect(payoutPeriodStart(new Date('2026-11-23T14:00:00Z'))).toEqual(new Date('2026-11-23T14:00:00Z'));
    expect(nextPayoutAt(new Date('2026-11-23T14:00:00Z'))).toEqual(new Date('2026-11-30T14:00:00Z'));
    expect(payoutPeriodStart(new Date('2026-07-08T12:00:00Z'))).toEqual(new Date('2026-07-06T13:00:00Z'));
    // Across the change to summer time (8 March 2026).
    expect(nextPayoutAt(new Date('2026-03-03T12:00:00Z'))).toEqual(new Date('2026-03-09T13:00:00Z'));
  });
});
