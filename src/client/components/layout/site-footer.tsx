import { Link } from 'react-router';
import { AppStoreButtons } from './app-store-buttons';
import { Logo } from './logo';

const columns = [
  {
    title: 'Explore',
    links: [
      { to: '/services', label: 'All Services' },
      { to: '/promotions', label: 'Promotions' },
      { to: '/announcements', label: 'Announcements' },
      { to: '/how-it-works', label: 'How it Works' },
    ],
  },
  {
    title: 'For professionals',
    links: [
      { to: '/register-professional', label: 'Register as Professional' },
      { to: '/partner-dashboard', label: 'Partner Dashboard' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/help-support', label: 'Help & Support' },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-primary-900 text-primary-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-6">
        <div className="space-y-4">
          <Logo inverse lazy />
          <p className="max-w-xs text-sm text-primary-100">
            Trusted local professionals across Ontario. Compare, book in under 60 seconds and pay securely by
            card.
          </p>
          <AppStoreButtons tone="light" />
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-white">{column.title}</h2>
            <ul className="mt-3 grid gap-1">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-flex min-h-11 items-center text-sm text-primary-100 hover:text-white hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-primary-200 lg:px-6">
          © {new Date().getFullYear()} Trillium Marketplace, Ontario, Canada. Prices in CAD.
        </p>
      </div>
    </footer>
  );
}
