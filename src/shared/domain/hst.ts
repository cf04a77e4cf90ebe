/**
 * HST registration numbers (docs/product.md §7): the CRA business number (9 digits, the last a check
 * digit by the Luhn algorithm), the program `RT`, and a 4-digit account (`123456782RT0001`). Spaces and
 * dashes people type are dropped; letters are upper-cased.
 */

export const HST_NUMBER_EXAMPLE = '123456782RT0001';
export const HST_NUMBER_MESSAGE = 'An HST number is 9 digits, RT and 4 digits, such as 123456782 RT 0001';
export const HST_CHECK_DIGIT_MESSAGE =
  "That HST number's business number does not check out: please copy it from your CRA letter";

/** `123456782 rt 0001` and `123456782-RT-0001` become `123456782RT0001`. */
export function normalizeHstNumber(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** The CRA business number's check digit (Luhn over the nine digits). */
export function businessNumberChecks(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let digit = Number(nineDigits[8 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Why a (normalised) number is not an HST number, or null when it is one. */
export function hstNumberProblem(normalized: string): string | null {
  if (!/^\d{9}RT\d{4}$/.test(normalized) || normalized.endsWith('0000')) return HST_NUMBER_MESSAGE;
  if (!businessNumberChecks(normalized.slice(0, 9))) return HST_CHECK_DIGIT_MESSAGE;
  return null;
}

/** `123456782 RT0001`, as receipts print it. */
export function formatHstNumber(normalized: string): string {
  return `${normalized.slice(0, 9)} ${normalized.slice(9)}`;
}

/**
 * Categories whose services are exempt from HST when a category is created: child care for children
 * under 14 (baby-sitting). Admins' categories carry the flag (`categories.tax_exempt`).
 */
export const TAX_EXEMPT_CATEGORY_SLUGS: readonly string[] = ['baby-sitting'];
