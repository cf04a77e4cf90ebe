import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type Locale, negotiateLocale } from '../../shared/i18n/locales';

/**
 * The language an answer's messages are written in: the request's `Accept-Language` (the app sends its
 * page's language), else the signed-in person's account language, else English.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const asked = negotiateLocale(request.headers['accept-language']);
  if (asked) return asked;
  const account = (request.user as { language?: unknown } | null)?.language;
  return isLocale(account) ? account : DEFAULT_LOCALE;
}
