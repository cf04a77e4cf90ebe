import { ArrowLeftIcon, BellIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

// The unread count needs the notifications code: loaded with the first page, like the desktop bell's.
const MobileNotificationLink = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({
    default: m.MobileNotificationLink,
  })),
);
import { useCurrentUser } from '@/features/auth';
import { Logo } from '@/components/layout/logo';
import { MobileMenu } from './mobile-menu';
import { titleForPath } from '@/components/layout/nav-links';
import { useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';

const iconLink =
  'inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-primary-50 focus-visible:outline-3 focus-visible:outline-accent-400';

/** The phone's top bar: back (except on home), the page's title, the bell and the menu. */
export function MobileTopBar() {
  const t = useT('shell');
  const categoryName = useCategoryName();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isHome = pathname === '/';
  // Only signed-in people have notifications: a visitor's bell loads no notifications code.
  const { isSignedIn } = useCurrentUser();
  const plainBell = (
    <Link to="/notifications" className={iconLink} aria-label={t('topBar.notifications')}>
      <BellIcon className="size-5" aria-hidden="true" />
    </Link>
  );
  const goBack = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 pt-[env(safe-area-inset-top)] backdrop-blur md:hidden">
      <div className="flex h-14 items-center gap-1 px-2">
        {isHome ? (
          <Logo className="px-2 text-lg" />
        ) : (
          <>
            <button type="button" onClick={goBack} className={iconLink} aria-label={t('topBar.back')}>
              <ArrowLeftIcon className="size-5" aria-hidden="true" />
            </button>
            <p className="min-w-0 flex-1 truncate text-base font-semibold text-ink">
              {titleForPath(pathname, t, categoryName)}
            </p>
          </>
        )}
        <div className="ml-auto flex items-center">
          {isSignedIn ? (
            <Suspense fallback={plainBell}>
              <MobileNotificationLink className={iconLink} />
            </Suspense>
          ) : (
            plainBell
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
