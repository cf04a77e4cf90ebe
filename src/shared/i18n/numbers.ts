import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from './locales';

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, digits: number): Intl.NumberFormat {
  const key = `${locale}:${digits}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[locale], {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    cache.set(key, format);
  }
  return format;
}

/** A rating with one decimal: `4.7` in English, `4,7` in French. */
export function formatRating(value: number, locale: Locale = DEFAULT_LOCALE): string {
  return numberFormat(locale, 1).format(value);
}

/** A whole number with the language's grouping: `1,250` / `1 250`. */
export function formatNumber(value: number, locale: Locale = DEFAULT_LOCALE): string {
  return numberFormat(locale, 0).format(value);
}
