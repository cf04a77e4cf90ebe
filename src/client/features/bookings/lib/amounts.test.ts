import { describe, expect, it } from 'vitest';
import { estimatedTotalCents, parsePriceText } from './amounts';
import { detailsPayload, detailsProblem } from './details';

describe('amounts and details', () => {
  it('reads a shown price and adds the 3% fee, rounded to the cent', () => {
    expect(parsePriceText('$120.00')).toBe(12000);
    expect(parsePriceText('$1,234.50')).toBe(123450);
    expect(parsePriceText('free')).toBeNull();
    expect(estimatedTotalCents('$120.00')).toBe(12360);
    expect(estimatedTotalCents('$33.33')).toBe(3433);
  });
  it('checks the details the same way in every booking flow', () => {
    const address = {
      street: '120 Queen St W',
      unit: '',
      city: 'Toronto',
      postalCode: 'm5h2n2',
      accessNotes: '',
    };
    const ok = { name: 'Jane', email: 'jane@example.com', phone: '416 555 0100', notes: '', address };
    const home = { deliveredAt: 'customer' as const };
    const salon = { deliveredAt: 'provider' as const };
    expect(detailsProblem(ok, home)).toBeNull();
    expect(detailsProblem({ ...ok, name: ' ', email: '' }, home)).toBe('Please enter your name');
    expect(detailsProblem({ ...ok, email: '' }, home)).toBe('Please enter your email');
    expect(detailsProblem({ ...ok, phone: '' }, home)).toBe('Please enter your phone number');
    expect(detailsProblem({ ...ok, phone: '' }, salon)).toBeNull();
    expect(detailsProblem({ ...ok, phone: '12' }, salon)).toBe('Please enter a valid phone number');
    expect(detailsProblem({ ...ok, address: { ...address, street: '' } }, home)).toBe(
      'Street address must be at least 5 characters',
    );
    expect(detailsProblem({ ...ok, address: { ...address, postalCode: 'V5K 0A1' } }, home)).toBe(
      'This postal code is not in Ontario',
    );
    expect(detailsProblem({ ...ok, address: { ...address, street: '' } }, salon)).toBeNull();
    expect(detailsPayload(ok, 'customer').serviceAddress).toEqual({
      street: '120 Queen St W',
      unit: null,
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5H 2N2',
      accessNotes: null,
    });
    expect(detailsPayload(ok, 'provider').serviceAddress).toBeNull();
  });
});
