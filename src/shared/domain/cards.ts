/** Card rules for the sandbox card form and processor: brand detection, Luhn, expiry, CVC. */

export type CardBrand = 'visa' | 'mastercard' | 'amex';
export const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function detectBrand(number: string): CardBrand | null {
  const digits = cardDigits(number);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return null;
}

export function passesLuhn(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardLength(brand: CardBrand | null): number {
  return brand === 'amex' ? 15 : 16;
}

export function cvcLength(brand: CardBrand | null): number {
  return brand === 'amex' ? 4 : 3;
}

/** Not expired at `now` (a card is valid through the last day of its expiry month). */
export function isExpiryValid(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  const fullYear = year < 100 ? 2000 + year : year;
  const endOfMonth = Date.UTC(fullYear, month, 1);
  return endOfMonth > now.getTime() && fullYear < now.getUTCFullYear() + 25;
}

/** `4242 4242 4242 4242`, `3782 822463 10005`: how the card form shows the number as it is typed. */
export function formatCardNumber(number: string): string {
  const digits = cardDigits(number).replace(/\D/g, '');
  if (detectBrand(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return (digits.slice(0, 19).match(/.{1,4}/g) ?? []).join(' ');
}

/** The sandbox's test cards (docs/product.md §7): what confirming a payment with each does. */
export const SANDBOX_TEST_CARDS = {
  '4242424242424242': 'succeeded',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
} as const;
