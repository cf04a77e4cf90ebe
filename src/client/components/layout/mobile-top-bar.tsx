import { ArrowLeftIcon, BellIcon } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { titleForPath } from './nav-links';

const iconLink =
  'inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-primary-50 focus-visible:outline-3 focus-visible:outline-accent-400';

/** The phone's top bar: back (except on home), the page's title, the bell and the menu. */
export function MobileTopBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isHome = pathname === '/';
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
            <button type="button" onClick={goBack} className={iconLink} aria-label="Go back">
              <ArrowLeftIcon className="size-5" aria-hidden="true" />
            </button>
            <p className="min-w-0 flex-1 truncate text-base font-semibold text-ink">
              {titleForPath(pathname)}
            </p>
          </>
        )}
        <div className="ml-auto flex items-center">
          <Link to="/notifications" className={iconLink} aria-label="Notifications">
            <BellIcon className="size-5" aria-hidden="true" />
          </Link>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
