import { HomeIcon, LayoutGridIcon, UserRoundIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/i18n';

/** The phone's bottom bar. The shell pads the page so it never hides content. */
export function MobileBottomBar() {
  const t = useT('shell');
  const { user } = useCurrentUser();
  const items = [
    { to: '/', label: t('bottomBar.home'), icon: HomeIcon, end: true },
    { to: '/services', label: t('bottomBar.services'), icon: LayoutGridIcon, end: false },
    user
      ? { to: '/profile', label: t('bottomBar.profile'), icon: UserRoundIcon, end: false }
      : { to: '/auth', label: t('bottomBar.login'), icon: UserRoundIcon, end: false },
  ];
  return (
    <nav
      aria-label={t('bottomBar.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-3">
        {items.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'flex min-h-16 flex-col items-center justify-center gap-1 text-xs font-medium',
                  isActive ? 'text-primary-700' : 'text-muted hover:text-ink',
                )
              }
            >
              <Icon className="size-5" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
