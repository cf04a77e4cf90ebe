import { describe, expect, it } from 'vitest';
import { describeDiscount, promoDiscountCents, promoRefusal, type PromoTerms } from './promo-codes';

const terms: PromoTerms = {
  discountType: 'percent',
  discountValue: 20,
  minSpendCents: 7_500,
  categoryIds: [1],
  cities: ['toronto'],
  maxUses: 10,
  maxUsesPerCustomer: 1,
  startDate: new Date('2026-11-01T05:00:00Z'),
  endDate: new Date('2026-12-01T05:00:00Z'),
  isActive: true,
};
const context = {
  now: new Date('2026-11-23T12:00:00Z'),
  servicePriceCents: 10_000,
  categoryId: 1,
  categoryName: 'Home Cleaning',
  citySlug: 'toronto',
  cityName: 'Toronto',
  uses: 0,
  customerUses: 0,
};

describe('promo codes', () => {
  it('takes a percentage rounded half up, or a fixed amount, never more than the price', () => {
    expect(promoDiscountCents(terms, 10_000)).toBe(2_000);
    expect(promoDiscountCents({ discountType: 'percent', discountValue: 15 }, 1_010)).toBe(152); // 151.5
    expect(promoDiscountCents({ discountType: 'percent', discountValue: 15 }, 1_009)).toBe(151); // 151.35
    expect(promoDiscountCents({ discountType: 'fixed', discountValue: 1_500 }, 1_000)).toBe(1_000);
    expect(promoDiscountCents({ discountType: null, discountValue: null }, 1_000)).toBe(0);
  });

  it('accepts a code within its terms', () => {
    expect(promoRefusal(terms, context)).toBeNull();
  });

  it.each([
    ['ended', { ...terms, endDate: new Date('2026-11-20T00:00:00Z') }, context, 'promo.expired'],
    ['deactivated', { ...terms, isActive: false }, context, 'promo.expired'],
    ['not started', { ...terms, startDate: new Date('2026-11-25T05:00:00Z') }, context, 'promo.expired'],
    ['another category', terms, { ...context, categoryId: 2 }, 'promo.not_applicable'],
    ['another city', terms, { ...context, citySlug: 'ottawa' }, 'promo.not_applicable'],
    ['under the minimum spend', terms, { ...context, servicePriceCents: 7_499 }, 'promo.not_applicable'],
    ['no discount', { ...terms, discountType: null, discountValue: null }, context, 'promo.not_applicable'],
    ['used up', terms, { ...context, uses: 10 }, 'promo.limit_reached'],
    ['used by this customer', terms, { ...context, customerUses: 1 }, 'promo.limit_reached'],
  ] as const)('refuses a code %s', (_, t, c, code) => {
    expect(promoRefusal(t, c)?.code).toBe(code);
  });

  it('describes a discount for people', () => {
    expect(describeDiscount(terms)).toBe('20% off a service of $75.00 or more');
    expect(describeDiscount({ discountType: 'fixed', discountValue: 1_500, minSpendCents: 0 })).toBe(
      '$15.00 off',
    );
  });
});
