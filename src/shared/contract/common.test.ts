import { describe, expect, it } from 'vitest';
import { databaseId, decimalNumber, idParamsSchema } from './common';
import { partnerServiceInputSchema } from './partner';
import { sandboxPaymentMethodBodySchema } from './payments';
import { reviewsQuerySchema } from './reviews';
import { z } from 'zod';

describe('numbers sent as text', () => {
  it('reads decimal digits, with a sign, a fraction and spaces around them', () => {
    const n = decimalNumber(z.number());
    expect(n.parse('16')).toBe(16);
    expect(n.parse(' 16 ')).toBe(16);
    expect(n.parse('-3')).toBe(-3);
    expect(n.parse('12.50')).toBe(12.5);
    expect(n.parse('.5')).toBe(0.5);
    expect(n.parse(7)).toBe(7);
  });

  it.each(['0x10', '0b10', '0o10', '1e1', 'Infinity', '', ' ', '1_000', '16abc', '--1', '+-1'])(
    'refuses %j, which Number() would read as a number or as 0',
    (text) => {
      expect(decimalNumber(z.number()).safeParse(text).success).toBe(false);
    },
  );

  it.each([null, true, false, [], {}])('refuses %j, which Number() reads as 0, 1 or 0', (value) => {
    expect(decimalNumber(z.number()).safeParse(value).success).toBe(false);
  });

  it('an id in a path: 0x10 is not provider 16, and the message is the id rule', () => {
    expect(idParamsSchema.parse({ id: '16' })).toEqual({ id: 16 });
    const hex = idParamsSchema.safeParse({ id: '0x10' });
    expect(hex.success).toBe(false);
    expect(hex.error?.issues[0]?.message).toBe('id must be a positive whole number');
    expect(idParamsSchema.safeParse({ id: '1e1' }).success).toBe(false);
    expect(databaseId('providerId').safeParse(true).success).toBe(false);
    expect(databaseId('providerId').safeParse('0x10').success).toBe(false);
  });

  it('query defaults still apply, and a page in hex or exponent is refused', () => {
    expect(reviewsQuerySchema.parse({})).toMatchObject({ limit: 200, offset: 0 });
    expect(reviewsQuerySchema.parse({ rating: '4', limit: '20' })).toMatchObject({ rating: 4, limit: 20 });
    expect(reviewsQuerySchema.safeParse({ limit: '1e2' }).success).toBe(false);
    expect(reviewsQuerySchema.safeParse({ offset: '0x10' }).success).toBe(false);
  });

  it('form fields keep their own messages', () => {
    const row = { name: 'Deep clean', price: '0x10' };
    const price = partnerServiceInputSchema.safeParse(row);
    expect(price.success).toBe(false);
    expect(price.error?.issues[0]?.message).toBe('Price is required');
    expect(partnerServiceInputSchema.parse({ ...row, price: '89.50', durationMinutes: '90' })).toMatchObject({
      price: 89.5,
      durationMinutes: 90,
    });
    const card = sandboxPaymentMethodBodySchema.safeParse({
      number: '4242',
      expMonth: '1e1',
      expYear: '2030',
      cvc: '123',
    });
    expect(card.error?.issues.map((i) => i.message)).toEqual(['Invalid expiry date']);
  });
});
