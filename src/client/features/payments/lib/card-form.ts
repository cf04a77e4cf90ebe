import {
  type CardBrand,
  cardDigits,
  cardLength,
  cvcLength,
  detectBrand,
  isExpiryValid,
  passesLuhn,
} from '@shared/domain/cards';

export type CardInput = { number: string; expiry: string; cvc: string; name: string };
export const EMPTY_CARD: CardInput = { number: '', expiry: '', cvc: '', name: '' };

/** The spec's card-form messages. */
export const CARD_MESSAGES = {
  notReady: 'Payment system not ready. Please try again.',
  empty: 'Please enter your card details.',
  incomplete: 'Please complete card details.',
} as const;

/** `MM / YY` as the customer types: digits only, the slash added once the year starts. */
export function formatExpiryInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** `{ month: 12, year: 2028 }` from `12 / 28`, or null when it is not a whole MM / YY. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

export type CardCheck = {
  brand: CardBrand | null;
  numberComplete: boolean;
  expiryComplete: boolean;
  cvcComplete: boolean;
  /** Every field filled in full and valid: the Pay button may be pressed. */
  complete: boolean;
  /** Nothing typed in the card fields at all. */
  empty: boolean;
  errors: { number?: string; expiry?: string; cvc?: string };
};

/** The completeness rules of the sandbox card form. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const digits = cardDigits(input.number).replace(/\D/g, '');
  const brand = detectBrand(digits);
  const wanted = cardLength(brand);
  const numberComplete = brand !== null && digits.length === wanted && passesLuhn(digits);
  const expiry = parseExpiry(input.expiry);
  const expiryComplete = expiry !== null && isExpiryValid(expiry.month, expiry.year, now);
  const cvc = input.cvc.trim();
  const cvcComplete = /^\d+$/.test(cvc) && cvc.length === cvcLength(brand);
  const errors: CardCheck['errors'] = {};
  if (digits.length > 0) {
    if (digits.length >= 4 && brand === null)
      errors.number = 'We accept Visa, Mastercard and American Express.';
    else if (digits.length >= wanted && !numberComplete) errors.number = 'Your card number is invalid.';
  }
  if (expiry && !expiryComplete) errors.expiry = 'Your card’s expiry date is in the past or invalid.';
  if (cvc.length > 0 && !/^\d+$/.test(cvc)) errors.cvc = 'Your card’s security code is invalid.';
  return {
    brand,
    numberComplete,
    expiryComplete,
    cvcComplete,
    complete: numberComplete && expiryComplete && cvcComplete && input.name.trim().length > 0,
    empty: digits.length === 0 && input.expiry.trim() === '' && cvc === '',
    errors,
  };
}

/** The message to show when Pay is pressed with this card, or null when it can be sent. */
export function cardSubmitMessage(input: CardInput, now: Date): string | null {
  const check = checkCard(input, now);
  if (check.empty) return CARD_MESSAGES.empty;
  if (!check.complete) return CARD_MESSAGES.incomplete;
  return null;
}
