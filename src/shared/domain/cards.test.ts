import { describe, expect, it } from 'vitest';
import { detectBrand, formatCardNumber, isExpiryValid, passesLuhn } from './cards';
import { priceWithFee } from './money';

describe('cards', () => {
  it('detects Visa, Mastercard and Amex', () => {
    expect(detectBrand('4242 4242 4242 4242')).toBe('visa');
    expect(detectBrand('5555555555554444')).toBe('mastercard');
    expect(detectBrand('2223003122003222')).toBe('mastercard');
    expect(detectBrand('378282246310005')).toBe('amex');
    expect(detectBrand('6011111111111117')).toBeNull();
  });

  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('1234')).toBe(false);
    expect(passesLuhn('abcd')).toBe(false);
  });

  it('accepts a card through the end of its expiry month', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(isExpiryValid(11, 26, now)).toBe(true);
    expect(isExpiryValid(10, 26, now)).toBe(false);
    expect(isExpiryValid(13, 30, now)).toBe(false);
    expect(isExpiryValid(1, 2030, now)).toBe(true);
  });

  it('formats numbers as they are typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });
});

describe('the platform fee', () => {
  it('is 3% rounded to the cent, and the total is price plus fee', () => {
    expect(priceWithFee(10000)).toEqual({ priceCents: 10000, feeCents: 300, totalCents: 10300 });
    expect(priceWithFee(4999)).toEqual({ priceCents: 4999, feeCents: 150, totalCents: 5149 });
    expect(priceWithFee(1)).toEqual({ priceCents: 1, feeCents: 0, totalCents: 1 });
    expect(priceWithFee(2250)).toEqual({ priceCents: 2250, feeCents: 68, totalCents: 2318 });
  });
});
