import { LOCALE_COOKIE, type Locale, splitLocalePath, twinPath } from '@shared/i18n/locales';
import { apiCommand } from '@/lib/api-client';
import { hasSessionHint } from '@/lib/session/session-hint';

/** Remembers a visitor's language for a year (the server reads it on their next visit to `/`). */
export function rememberLocale(locale: Locale): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: a non-secret preference the server reads too
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * After signing in, the site follows the account's language (the person chose it before, here or on
 * another device): remembered in the cookie, and the page, once the sign-in's own navigation is done,
 * reopened in that language. Nothing happens when the page is already in it.
 */
export function followAccountLocale(language: Locale): void {
  if (typeof window === 'undefined') return;
  if (splitLocalePath(window.location.pathname).locale === language) return;
  rememberLocale(language);
  window.setTimeout(() => {
    const { pathname, search, hash } = window.location;
    window.location.replace(twinPath(`${pathname}${search}${hash}`, language));
  }, 50);
}

/**
 * Switches the site to `locale` on the same page: remembered in the cookie, and on the account when
 * someone is signed in (their e-mails follow it), then the page's twin in that language is opened.
 */
export async function chooseLocale(locale: Locale, currentPath: string): Promise<void> {
  rememberLocale(locale);
  if (hasSessionHint()) {
    await apiCommand('/api/user/language', { method: 'PUT', body: { language: locale } }).catch(() => {
      // Signed out meanwhile, or offline: the page still changes language; the account keeps its own.
    });
  }
  window.location.assign(twinPath(currentPath, locale));
}
