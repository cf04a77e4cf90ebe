import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOf } from './cancellation-policy';
import { priceWithFee } from './money';
import {
  addLines,
  allInCents,
  chargesHstOnService,
  legacyLines,
  lineAmount,
  lineTotals,
  type MoneyLine,
  priceLines,
  ratePart,
  serviceCentsRange,
  splitRefund,
  subtractLines,
  sumLines,
} from './price-lines';

const plain = (servicePriceCents: number, more: Partial<Parameters<typeof priceLines>[0]> = {}) =>
  priceLines({ servicePriceCents, partnerHstRegistered: false, categoryExempt: false, ...more });
const amounts = (lines: MoneyLine[]) => Object.fromEntries(lines.map((l) => [l.kind, l.amount]));

describe('price lines', () => {
  it('prices a service from an unregistered partner: service, 3% fee, 13% HST on the fee', () => {
    const { lines, totalCents } = plain(11_000);
    expect(lines).toEqual([
      { kind: 'service', label: 'Service price', amount: 11_000 },
      { kind: 'service_fee', label: 'Service fee (3%)', amount: 330 },
      { kind: 'hst_fee', label: 'HST on service fee (13%)', amount: 43 },
    ]);
    expect(totalCents).toBe(11_373);
  });

  it('adds 13% HST on the service when the partner is registered', () => {
    const { lines, totalCents } = plain(11_000, { partnerHstRegistered: true });
    expect(amounts(lines)).toEqual({ service: 11_000, service_fee: 330, hst_service: 1_430, hst_fee: 43 });
    expect(lines.map((l) => l.kind)).toEqual(['service', 'service_fee', 'hst_service', 'hst_fee']);
    expect(totalCents).toBe(12_803);
  });

  it('an exempt category carries no HST on the service even from a registered partner, but the fee keeps its HST', () => {
    const { lines, totalCents } = plain(6_500, { partnerHstRegistered: true, categoryExempt: true });
    expect(amounts(lines)).toEqual({ service: 6_500, service_fee: 195, hst_fee: 25 });
    expect(totalCents).toBe(6_720);
  });

  it('rounds each line half up at the boundaries', () => {
    // 3% of 50 cents is 1.5 cents: up to 2; of 49 cents, 1.47: down to 1.
    expect(ratePart(50, 0.03)).toBe(2);
    expect(ratePart(49, 0.03)).toBe(1);
    expect(ratePart(16, 0.03)).toBe(0); // 0.48
    expect(ratePart(17, 0.03)).toBe(1); // 0.51
    // 13% of 50 cents is exactly 6.5 cents: up to 7; of 150, 19.5: up to 20.
    expect(ratePart(50, 0.13)).toBe(7);
    expect(ratePart(150, 0.13)).toBe(20);
    expect(ratePart(3, 0.13)).toBe(0); // 0.39
    expect(ratePart(4, 0.13)).toBe(1); // 0.52
    // $1.50 service: fee 4.5 -> 5 cents, HST on the fee 0.65 -> 1 cent, HST on the service 19.5 -> 20.
    expect(amounts(plain(150, { partnerHstRegistered: true }).lines)).toEqual({
      service: 150,
      service_fee: 5,
      hst_service: 20,
      hst_fee: 1,
    });
  });

  it('keeps the fee of decision 1: the fee line is round(price x 1.03) - price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (price) => {
        expect(lineAmount(plain(price).lines, 'service_fee')).toBe(priceWithFee(price).feeCents);
      }),
    );
  });

  it('takes a discount off the service before the fee and HST, never below zero', () => {
    const { lines, totalCents } = plain(10_000, {
      partnerHstRegistered: true,
      discountCents: 1_500,
      promoCode: 'WELCOME15',
    });
    expect(lines).toContainEqual({ kind: 'discount', label: 'Promo code WELCOME15', amount: -1_500 });
    expect(amounts(lines)).toMatchObject({
      service: 10_000,
      service_fee: 255,
      hst_service: 1_105,
      hst_fee: 33,
    });
    expect(totalCents).toBe(10_000 - 1_500 + 255 + 1_105 + 33);
    expect(lineTotals(lines)).toEqual({
      priceCents: 10_000,
      discountCents: 1_500,
      feeCents: 255,
      taxCents: 1_138,
      totalCents,
    });
    expect(plain(500, { discountCents: 900 }).totalCents).toBe(0);
  });

  it('legacy bookings keep what they were charged: service and fee', () => {
    expect(sumLines(legacyLines(11_000, 330))).toBe(11_330);
  });
});

describe('refund splits', () => {
  it('splits a 50% refund across the lines, cent-exact', () => {
    const { lines, totalCents } = plain(11_000, { partnerHstRegistered: true });
    const refund = splitRefund(lines, percentOf(totalCents, 50));
    expect(sumLines(refund)).toBe(6_402); // 12,803 x 50% = 6,401.5: half up
    expect(amounts(refund)).toEqual({ service: 5_500, service_fee: 165, hst_service: 715, hst_fee: 22 });
  });

  it('gives the left-over cents to the largest remainders, and a full refund is every line', () => {
    const { lines, totalCents } = plain(999);
    expect(splitRefund(lines, totalCents)).toEqual(lines);
    expect(sumLines(splitRefund(lines, 1))).toBe(1);
    expect(splitRefund(lines, 0).every((l) => l.amount === 0)).toBe(true);
    expect(() => splitRefund(lines, totalCents + 1)).toThrow(RangeError);
  });

  it('keeps a discount line within itself (a refund gives back part of the discount too)', () => {
    const { lines, totalCents } = plain(10_000, { discountCents: 2_000 });
    const refund = splitRefund(lines, percentOf(totalCents, 50));
    expect(lineAmount(refund, 'discount')).toBe(-1_000);
    expect(sumLines(refund)).toBe(percentOf(totalCents, 50));
  });

  it('adds up for every percentage and every amount from 1 cent to $10,000, and what stays adds up too', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 100 }),
        (price, registered, exempt, discountPercent) => {
          const { lines, totalCents } = plain(price, {
            partnerHstRegistered: registered,
            categoryExempt: exempt,
            discountCents: Math.floor((price * discountPercent) / 200),
          });
          // Plain comparisons (not expect) keep 101 splits per case fast; the first failure is reported.
          for (let percent = 0; percent <= 100; percent++) {
            const refundCents = percentOf(totalCents, percent);
            const refund = splitRefund(lines, refundCents);
            if (sumLines(refund) !== refundCents) return false;
            const withinLines = refund.every((part, i) => {
              const line = lines[i]!.amount;
              return Math.abs(part.amount) <= Math.abs(line) && part.amount * line >= 0;
            });
            if (!withinLines) return false;
            // The rest, refunded afterwards, empties every line exactly.
            const rest = subtractLines(lines, [refund]);
            if (sumLines(rest) !== totalCents - refundCents) return false;
            const second = splitRefund(rest, sumLines(rest));
            const all = addLines(lines, [refund, second]);
            if (JSON.stringify(all) !== JSON.stringify(lines.filter((l) => l.amount !== 0))) return false;
          }
          return true;
        },
      ),
      { numRuns: 400 },
    );
  }, 30_000); // 40,400 splits: over the unit tests' 5 s default on a loaded machine

  it('splits any amount of a line set, from 1 cent to $10,000', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (price, wanted) => {
          const { lines, totalCents } = plain(price, { partnerHstRegistered: true });
          const refundCents = wanted % (totalCents + 1);
          expect(sumLines(splitRefund(lines, refundCents))).toBe(refundCents);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('all-in prices', () => {
  it('is the checkout total without HST on the service: service, fee and the fee HST', () => {
    expect(allInCents(11_000)).toBe(11_373);
    expect(allInCents(11_000)).toBe(plain(11_000).totalCents);
    expect(allInCents(0)).toBe(0);
  });

  it('grows strictly with the service price, so price sorts and the price index still hold', () => {
    for (let cents = 0; cents < 20_000; cents++)
      expect(allInCents(cents + 1)).toBeGreaterThan(allInCents(cents));
  });

  it('turns an all-in filter into the exact service-price filter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (a, b, price) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const { from, to } = serviceCentsRange({ min, max });
          const inside = allInCents(price) >= min && allInCents(price) <= max;
          return inside === (price >= from! && price <= to!);
        },
      ),
      { numRuns: 3_000 },
    );
    expect(serviceCentsRange({})).toEqual({ from: undefined, to: undefined });
    // "$100 all-in and more" starts at the first service price whose all-in price reaches $100.00.
    const { from } = serviceCentsRange({ min: 10_000 });
    expect(allInCents(from!)).toBeGreaterThanOrEqual(10_000);
    expect(allInCents(from! - 1)).toBeLessThan(10_000);
  });

  it('charges HST on the service only for a registered partner outside an exempt category', () => {
    expect(chargesHstOnService({ hstRegistered: true, categoryTaxExempt: false })).toBe(true);
    expect(chargesHstOnService({ hstRegistered: true, categoryTaxExempt: true })).toBe(false);
    expect(chargesHstOnService({ hstRegistered: false, categoryTaxExempt: false })).toBe(false);
  });
});
