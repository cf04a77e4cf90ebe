import type { MessageKey } from '@/lib/i18n/catalogs';

type ShellKey = MessageKey<'shell'>;

/** The categories the header's Services menu lists (spec: header); their names are in the ui catalog. */
export const MENU_CATEGORIES = ['home-cleaning', 'car-detailing', 'astrology', 'salon-services'] as const;

export const PRIMARY_LINKS = [
  { to: '/', label: 'nav.home' },
  { to: '/promotions', label: 'nav.promotions' },
  { to: '/announcements', label: 'nav.announcements' },
] as const satisfies ReadonlyArray<{ to: string; label: ShellKey }>;

export const SECONDARY_LINKS = [
  { to: '/#how-it-works', label: 'nav.howItWorks' },
  { to: '/#download-app', label: 'nav.downloadApp' },
  { to: '/register-professional', label: 'nav.registerProfessional' },
] as const satisfies ReadonlyArray<{ to: string; label: ShellKey }>;

export const LOGIN_PATH = '/auth?tab=login';
export const SIGNUP_PATH = '/auth?tab=signup';

const TITLES: Record<string, ShellKey> = {
  '': 'title.home',
  services: 'title.services',
  provider: 'title.provider',
  service: 'title.service',
  promotions: 'title.promotions',
  announcements: 'title.announcements',
  'how-it-works': 'title.howItWorks',
  terms: 'title.terms',
  'booking-confirmation': 'title.booking',
  auth: 'title.auth',
  profile: 'title.profile',
  'edit-profile': 'title.editProfile',
  'change-password': 'title.changePassword',
  'manage-address': 'title.manageAddress',
  settings: 'title.settings',
  account: 'title.emailChange',
  unsubscribe: 'title.unsubscribe',
  'help-support': 'title.help',
  'test-notifications': 'title.testEmail',
  bookings: 'title.bookings',
  'saved-services': 'title.saved',
  notifications: 'title.notifications',
  'register-professional': 'title.registerProfessional',
  'verify-email': 'title.emailVerification',
  'email-verified': 'title.emailVerification',
  admin: 'title.admin',
  'partner-dashboard': 'title.partner',
};

/**
 * The phone top bar's title, derived from the path (the router's, without the `/fr` prefix): a
 * category's listing is named by the category, every other page by its catalog title.
 */
export function titleForPath(
  pathname: string,
  t: (key: ShellKey) => string,
  categoryName: (slug: string) => string,
): string {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  if (first === 'services' && second) return categoryName(decodeURIComponent(second));
  const key = TITLES[first];
  return t(key ?? 'title.notFound');
}
