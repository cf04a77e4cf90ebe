import { describe, expect, it } from 'vitest';
import { estimatedTotalCents, parsePriceText } from './amounts';

describe('amounts', () => {
  it('reads a shown price and adds the 3% fee, rounded to the cent', () => {
    expect(parsePriceText('$120.00')).toBe(12000);
    expect(parsePriceText('$1,234.50')).toBe(123450);
    expect(parsePriceText('free')).toBeNull();
    expect(estimatedTotalCents('$120.00')).toBe(12360);
    expect(estimatedTotalCents('$33.33')).toBe(3433);
  });
});
