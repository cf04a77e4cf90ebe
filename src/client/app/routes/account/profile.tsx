import {
  CalendarDaysIcon,
  ChevronRightIcon,
  HeartIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  LogOutIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  SettingsIcon,
} from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { displayName, initials } from '@/features/auth';
import { useT } from '@/lib/i18n/i18n';
import { useProvinceName } from '@/features/account/components/province-select';

const MENU = [
  { to: '/bookings', label: 'profile.bookings', icon: CalendarDaysIcon },
  { to: '/saved-services', label: 'profile.saved', icon: HeartIcon },
  { to: '/help-support', label: 'profile.help', icon: LifeBuoyIcon },
  { to: '/settings', label: 'profile.settings', icon: SettingsIcon },
] as const;

const itemClass =
  'flex min-h-14 items-center gap-3 px-4 text-ink hover:bg-primary-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-accent-400';

/** /profile: who is signed in and the way to every account area. */
export function ProfilePage() {
  const { user, isAdmin } = useCurrentUser();
  const { signOut, pending } = useSignOut();
  const navigate = useNavigate();
  const t = useT('account');
  const province = useProvinceName();
  if (!user) return null;

  const place = [user.city, user.province ? province(user.province) : null].filter(Boolean).join(', ');

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 md:py-10 lg:px-6">
      <PageMeta title={t('profile.title')} description={t('profile.description')} />
      <section
        aria-labelledby="profile-name"
        className="flex flex-col items-center gap-4 rounded-(--radius-card) border border-line bg-surface p-6 text-center shadow-xs sm:flex-row sm:text-left"
      >
        <span
          className="inline-flex size-20 shrink-0 items-center justify-center rounded-full bg-primary-700 text-2xl font-bold text-white"
          aria-hidden="true"
        >
          {initials(user)}
        </span>
        <div className="min-w-0 flex-1">
          <h1 id="profile-name" className="truncate text-2xl font-bold tracking-tight text-ink">
            {displayName(user)}
          </h1>
          <ul className="mt-2 grid gap-1 text-sm text-muted">
            <li className="flex items-center justify-center gap-2 sm:justify-start">
              <MailIcon className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t('profile.email')}</span>
              <span className="truncate">{user.email}</span>
            </li>
            {user.phone ? (
              <li className="flex items-center justify-center gap-2 sm:justify-start">
                <PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
                <span className="sr-only">{t('profile.phone')}</span>
                {user.phone}
              </li>
            ) : null}
            {place ? (
              <li className="flex items-center justify-center gap-2 sm:justify-start">
                <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
                <span className="sr-only">{t('profile.location')}</span>
                {place}
              </li>
            ) : null}
          </ul>
        </div>
        <div className="flex flex-wrap justify-center gap-2 sm:flex-col sm:items-stretch">
          <Button asChild variant="outline" size="sm">
            <Link to="/edit-profile">{t('profile.edit')}</Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to="/manage-address">{t('profile.address')}</Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to="/change-password">{t('profile.password')}</Link>
          </Button>
        </div>
      </section>

      <nav
        aria-label={t('profile.menu')}
        className="mt-6 overflow-hidden rounded-(--radius-card) border border-line bg-surface shadow-xs"
      >
        <ul className="divide-y divide-line">
          {MENU.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className={itemClass}>
                <Icon className="size-5 text-primary-700" aria-hidden="true" />
                <span className="flex-1 font-medium">{t(label)}</span>
                <ChevronRightIcon className="size-5 text-muted" aria-hidden="true" />
              </Link>
            </li>
          ))}
          {isAdmin ? (
            <li>
              <Link to="/admin" className={itemClass}>
                <LayoutDashboardIcon className="size-5 text-primary-700" aria-hidden="true" />
                <span className="flex-1 font-medium">{t('profile.admin')}</span>
                <ChevronRightIcon className="size-5 text-muted" aria-hidden="true" />
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>

      <Button
        variant="outline"
        size="lg"
        className="mt-6 w-full border-danger/30 text-danger hover:border-danger/50 hover:bg-danger-soft"
        onClick={() => signOut(() => navigate('/', { replace: true }))}
        disabled={pending}
      >
        <LogOutIcon aria-hidden="true" />
        {pending ? t('profile.signingOut') : t('profile.signOut')}
      </Button>
    </div>
  );
}
