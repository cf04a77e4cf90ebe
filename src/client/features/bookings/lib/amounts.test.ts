import { describe, expect, it } from 'vitest';
import { estimatedTotalCents, parsePriceText } from './amounts';

describe('amounts', () => {
  it('reads a shown price', () => {
    expect(parsePriceText('$120.00')).toBe(12000);
    expect(parsePriceText('$1,234.50')).toBe(123450);
    expect(parsePriceText('free')).toBeNull();
  });

  it('estimates the checkout total as the server prices it: the all-in price, plus HST when charged', () => {
    expect(estimatedTotalCents({ price: '$124.07', priceCents: 12000 })).toBe(12407);
    expect(estimatedTotalCents({ price: '$124.07', priceCents: 12000, chargesHst: true })).toBe(13967);
    expect(estimatedTotalCents({ price: '$124.07' })).toBe(12407);
  });
});
