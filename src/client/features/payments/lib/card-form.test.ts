import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  type CardInput,
  cardSubmitMessage,
  checkCard,
  formatExpiryInput,
  parseExpiry,
} from './card-form';

const now = new Date('2026-11-22T15:00:00Z');
const card = (patch: Partial<CardInput> = {}): CardInput => ({
  number: '4242 4242 4242 4242',
  expiry: '12 / 28',
  cvc: '123',
  name: 'Jane Doe',
  ...patch,
});

describe('card form completeness', () => {
  it('accepts a complete Visa, Mastercard and American Express', () => {
    expect(checkCard(card(), now)).toMatchObject({ brand: 'visa', complete: true });
    expect(checkCard(card({ number: '5555 5555 5555 4444' }), now)).toMatchObject({
      brand: 'mastercard',
      complete: true,
    });
    expect(checkCard(card({ number: '3782 822463 10005', cvc: '1234' }), now)).toMatchObject({
      brand: 'amex',
      complete: true,
    });
  });

  it('is incomplete while the number is short, fails Luhn, or the brand is not accepted', () => {
    expect(checkCard(card({ number: '4242 4242 4242' }), now).complete).toBe(false);
    const bad = checkCard(card({ number: '4242 4242 4242 4241' }), now);
    expect(bad.complete).toBe(false);
    expect(bad.errors.number).toBe('Your card number is invalid.');
    const discover = checkCard(card({ number: '6011 1111 1111 1117' }), now);
    expect(discover.brand).toBeNull();
    expect(discover.errors.number).toMatch(/Visa, Mastercard and American Express/);
  });

  it('needs an expiry that is not in the past, and MM / YY in full', () => {
    expect(checkCard(card({ expiry: '11 / 26' }), now).complete).toBe(true); // valid through November
    expect(checkCard(card({ expiry: '10 / 26' }), now)).toMatchObject({
      complete: false,
      expiryComplete: false,
    });
    expect(checkCard(card({ expiry: '10 / 26' }), now).errors.expiry).toBeDefined();
    expect(checkCard(card({ expiry: '13 / 28' }), now).complete).toBe(false);
    expect(checkCard(card({ expiry: '1' }), now).complete).toBe(false);
  });

  it('needs a CVC of the brand’s length (3, or 4 for American Express) and a cardholder name', () => {
    expect(checkCard(card({ cvc: '12' }), now).complete).toBe(false);
    expect(checkCard(card({ cvc: '1234' }), now).complete).toBe(false);
    expect(checkCard(card({ number: '3782 822463 10005', cvc: '123' }), now).complete).toBe(false);
    expect(checkCard(card({ name: '  ' }), now).complete).toBe(false);
  });

  it('gives the spec’s messages for an empty or incomplete card', () => {
    expect(cardSubmitMessage(card({ number: '', expiry: '', cvc: '' }), now)).toBe(CARD_MESSAGES.empty);
    expect(cardSubmitMessage(card({ cvc: '' }), now)).toBe(CARD_MESSAGES.incomplete);
    expect(cardSubmitMessage(card(), now)).toBeNull();
    expect(CARD_MESSAGES).toEqual({
      notReady: 'Payment system not ready. Please try again.',
      empty: 'Please enter your card details.',
      incomplete: 'Please complete card details.',
    });
  });

  it('formats and parses the expiry as MM / YY', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('123')).toBe('12 / 3');
    expect(formatExpiryInput('12 / 289')).toBe('12 / 28');
    expect(parseExpiry('12 / 28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry('12/28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry('12 / 2')).toBeNull();
  });
});
