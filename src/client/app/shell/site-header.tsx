import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { HeaderAuth } from '@/features/auth';
import { cn } from '@/lib/cn';
import { Logo } from '@/components/layout/logo';
import { MobileMenu } from './mobile-menu';
import { PRIMARY_LINKS, SECONDARY_LINKS } from '@/components/layout/nav-links';
import { ServicesMenu } from '@/components/layout/services-menu';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { useT } from '@/lib/i18n/i18n';

// Only signed-in people see the bell: its code loads with their first page, never a visitor's.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-11 items-center rounded-lg px-1.5 text-sm font-medium whitespace-nowrap hover:bg-primary-50 hover:text-primary-800',
    isActive ? 'text-primary-700' : 'text-ink',
  );

/** The top bar from medium screens up; it gains a shadow after 20px of scroll. */
export function SiteHeader() {
  const t = useT('shell');
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 20);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header
      className={cn(
        'sticky top-0 z-40 hidden border-b bg-surface/95 backdrop-blur transition-shadow md:block',
        scrolled ? 'border-transparent shadow-md' : 'border-line',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 lg:px-6">
        <Logo className="mr-1 shrink-0" />
        <nav aria-label={t('nav.main')} className="hidden shrink-0 items-center gap-0 xl:flex">
          {PRIMARY_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={linkClass}>
              {t(link.label)}
            </NavLink>
          ))}
          <ServicesMenu />
          {SECONDARY_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={linkClass({ isActive: false })}>
              {t(link.label)}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex min-w-0 items-center justify-end gap-1">
          <LanguageSwitch compact />
          <HeaderAuth
            bell={
              <Suspense fallback={<div className="size-11" aria-hidden="true" />}>
                <NotificationBell />
              </Suspense>
            }
          />
          <MobileMenu className="xl:hidden" />
        </div>
      </div>
    </header>
  );
}
