import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from '../i18n/locales';

/**
 * Money is integer cents in CAD everywhere; it is formatted once, here, in the reader's language:
 * `$1,234.50` in English, `1 234,50 $` in French (the locale is the last argument, English by default).
 */

export const CURRENCY = 'CAD';
/** The platform fee: 3% of the service price (docs/product.md §7). */
export const PLATFORM_FEE_RATE = 0.03;

// Made on first use, one per language: building an Intl formatter loads that locale's data (about
// 10 ms a language on a phone), which a page should not pay at start-up for a language it never shows.
const formatters: Partial<Record<Locale, Intl.NumberFormat>> = {};
const formatterFor = (locale: Locale) =>
  (formatters[locale] ??= new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: 'currency',
    currency: 'CAD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }));

/** `$1,234.50` (or `1 234,50 $`) for 123450 cents. */
export function formatCents(cents: number, locale: Locale = DEFAULT_LOCALE): string {
  return formatterFor(locale).format(cents / 100);
}

/** `$12.00` (or `12,00 $`) for 12 dollars. */
export function formatDollars(dollars: number, locale: Locale = DEFAULT_LOCALE): string {
  return formatCents(Math.round(dollars * 100), locale);
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** The 3% fee and the total, in integer cents: total = round(price x 1.03). */
export function priceWithFee(priceCents: number): {
  priceCents: number;
  feeCents: number;
  totalCents: number;
} {
  const totalCents = Math.round(priceCents * (1 + PLATFORM_FEE_RATE));
  return { priceCents, feeCents: totalCents - priceCents, totalCents };
}
