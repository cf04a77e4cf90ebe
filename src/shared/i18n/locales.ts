/**
 * The languages Trillium speaks (docs/decisions/013-english-and-french.md): English, the default, and
 * Canadian French. A locale is carried as `en` or `fr` everywhere (URLs, the account, the cookie); the
 * BCP 47 tag (`en-CA`, `fr-CA`) is what `<html lang>`, `Intl` and `Content-Language` get.
 */

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The tag each locale is formatted and announced with. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

/** What the language switch says, each language in its own words. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' };

/** The cookie that remembers a visitor's choice (a signed-in person's is on their account). */
export const LOCALE_COOKIE = 'trillium_lang';

/** French pages live under `/fr`; English ones at the root. */
export const FRENCH_PREFIX = '/fr';

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'fr';
}

/**
 * The locale an `Accept-Language` header prefers among ours, by quality then order (`fr-CA,fr;q=0.9,
 * en;q=0.8` → `fr`); null when it names neither (or is missing), so the caller picks its default.
 */
export function negotiateLocale(header: string | undefined | null): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; quality: number; index: number } | null = null;
  header.split(',').forEach((part, index) => {
    const [range = '', ...params] = part.trim().split(';');
    const language = range.trim().toLowerCase().split('-')[0];
    if (!isLocale(language)) return;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(quality) || quality <= 0) return;
    if (!best || quality > best.quality || (quality === best.quality && index < best.index)) {
      best = { locale: language, quality, index };
    }
  });
  return (best as { locale: Locale } | null)?.locale ?? null;
}

/** The locale of an address and the address without its language prefix (`/fr/services` → `fr`, `/services`). */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  if (pathname === FRENCH_PREFIX || pathname.startsWith(`${FRENCH_PREFIX}/`)) {
    return { locale: 'fr', path: pathname.slice(FRENCH_PREFIX.length) || '/' };
  }
  return { locale: 'en', path: pathname || '/' };
}

/** An app path (`/services`, with its query) in a locale: `/fr/services` in French, unchanged in English. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === 'en') return path;
  if (path === '/' || path === '') return FRENCH_PREFIX;
  return `${FRENCH_PREFIX}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The same page in the other language (or the one given): path, query and hash kept. */
export function twinPath(pathWithQuery: string, locale: Locale): string {
  const match = /^([^?#]*)(.*)$/.exec(pathWithQuery)!;
  const { path } = splitLocalePath(match[1]!);
  return `${localizePath(path, locale)}${match[2] ?? ''}`;
}
