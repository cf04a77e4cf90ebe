import { Link } from 'react-router';
import { AppStoreButtons } from './app-store-buttons';
import type { MessageKey } from '@/lib/i18n/catalogs';
import { useT } from '@/lib/i18n/i18n';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';

const columns = [
  {
    title: 'footer.explore',
    links: [
      { to: '/services', label: 'footer.allServices' },
      { to: '/promotions', label: 'nav.promotions' },
      { to: '/announcements', label: 'nav.announcements' },
      { to: '/how-it-works', label: 'nav.howItWorks' },
    ],
  },
  {
    title: 'footer.forProfessionals',
    links: [
      { to: '/register-professional', label: 'nav.registerProfessional' },
      { to: '/partner-dashboard', label: 'footer.partnerDashboard' },
    ],
  },
  {
    title: 'footer.company',
    links: [
      { to: '/terms', label: 'footer.terms' },
      { to: '/help-support', label: 'footer.help' },
    ],
  },
] as const satisfies ReadonlyArray<{
  title: MessageKey<'shell'>;
  links: ReadonlyArray<{ to: string; label: MessageKey<'shell'> }>;
}>;

export function SiteFooter() {
  const t = useT('shell');
  return (
    <footer className="mt-16 bg-primary-900 text-primary-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-6">
        <div className="space-y-4">
          <Logo inverse lazy />
          <p className="max-w-xs text-sm text-primary-100">{t('footer.tagline')}</p>
          <AppStoreButtons tone="light" />
          <LanguageSwitch
            className="inline-flex min-h-11 items-center text-sm text-primary-100 hover:text-white hover:underline"
            withLabel
          />
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-white">{t(column.title)}</h2>
            <ul className="mt-3 grid gap-1">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-flex min-h-11 items-center text-sm text-primary-100 hover:text-white hover:underline"
                  >
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-primary-200 lg:px-6">
          {t('footer.copyright', { year: String(new Date().getFullYear()) })}
        </p>
      </div>
    </footer>
  );
}
