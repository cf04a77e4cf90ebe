import { describe, expect, it } from 'vitest';
import { estimatedTotalCents, parsePriceText } from './amounts';
import { detailsProblem } from './details';

describe('amounts and details', () => {
  it('reads a shown price and adds the 3% fee, rounded to the cent', () => {
    expect(parsePriceText('$120.00')).toBe(12000);
    expect(parsePriceText('$1,234.50')).toBe(123450);
    expect(parsePriceText('free')).toBeNull();
    expect(estimatedTotalCents('$120.00')).toBe(12360);
    expect(estimatedTotalCents('$33.33')).toBe(3433);
  });
  it('checks the details in the spec’s order', () => {
    const ok = { name: 'Jane', email: 'jane@example.com', phone: '416 555 0100', notes: '' };
    expect(detailsProblem(ok, { phoneRequired: true })).toBeNull();
    expect(detailsProblem({ ...ok, name: ' ', email: '' }, { phoneRequired: true })).toBe(
      'Please enter your name',
    );
    expect(detailsProblem({ ...ok, email: '' }, { phoneRequired: true })).toBe('Please enter your email');
    expect(detailsProblem({ ...ok, phone: '' }, { phoneRequired: true })).toBe(
      'Please enter your phone number',
    );
    expect(detailsProblem({ ...ok, phone: '' }, { phoneRequired: false })).toBeNull();
  });
});
