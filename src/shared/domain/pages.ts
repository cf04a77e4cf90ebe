import { splitLocalePath } from '../i18n/locales';

/**
 * Every page of the app, as the client's router declares it (a test keeps the two equal). The server
 * answers any other path with the not-found page and HTTP 404, so search engines and people sharing a
 * link get the truth.
 */
export const PAGE_PATHS = [
  '/',
  '/services',
  '/services/:category',
  '/provider/:id',
  '/service/:id',
  '/promotions',
  '/announcements',
  '/how-it-works',
  '/terms',
  '/auth',
  '/profile',
  '/edit-profile',
  '/change-password',
  '/manage-address',
  '/settings',
  '/account/email-change/confirm',
  '/account/email-change/revert',
  '/unsubscribe',
  '/help-support',
  '/test-notifications',
  '/booking-confirmation',
  '/bookings',
  '/notifications',
  '/saved-services',
  '/admin',
  '/partner-dashboard',
  '/register-professional',
  '/verify-email',
  '/email-verified',
] as const;

export type PageMatch = { path: string; params: Record<string, string> };

/** A path segment decoded (`%20` → space), or null when its percent-encoding is broken (`%E0`). */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The page a path shows, with its parameters (`/provider/7` → `/provider/:id`, `{ id: '7' }`), or null
 * (also for a parameter whose encoding is broken: no page has it). French pages are the same pages
 * under `/fr` (`/fr/provider/7`).
 */
export function matchPage(pathname: string): PageMatch | null {
  const { path: unprefixed } = splitLocalePath(pathname);
  const parts = unprefixed.replace(/\/+$/, '').split('/').filter(Boolean);
  for (const path of PAGE_PATHS) {
    const pattern = path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      if (segment.startsWith(':')) {
        const value = decodeSegment(parts[i]!);
        if (value === null) return false;
        params[segment.slice(1)] = value;
        return true;
      }
      return segment === parts[i];
    });
    if (matches) return { path, params };
  }
  return null;
}
