import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';
import { LanguageSwitch } from '@/components/layout/language-switch';
import {
  LOGIN_PATH,
  MENU_CATEGORIES,
  PRIMARY_LINKS,
  SECONDARY_LINKS,
  SIGNUP_PATH,
} from '@/components/layout/nav-links';
import { MenuAccount } from '@/features/auth/components/menu-account';
import { useCurrentUser } from '@/lib/session/use-current-user';

const itemClass =
  'flex min-h-11 items-center rounded-lg px-3 text-base font-medium text-ink hover:bg-primary-50 hover:text-primary-800';

/**
 * The hamburger menu's sheet: every header link, with Login and Sign Up at its foot, or for a signed-in
 * person their account and Logout at its top (MenuAccount). Loaded on first open, with the account's code.
 */
export function MobileMenuSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT('shell');
  const categoryName = useCategoryName();
  const { isSignedIn } = useCurrentUser();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" title={t('menu.title')}>
        {/* Signed in, the account comes first, seen without scrolling; a visitor's Login and Sign Up stay at the foot. */}
        {isSignedIn ? <MenuAccount onNavigate={close} /> : null}
        <nav aria-label={t('menu.title')} className="-mx-2 grid gap-1">
          {PRIMARY_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={itemClass} onClick={close}>
              {t(link.label)}
            </Link>
          ))}
          <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wide text-muted">
            {t('nav.services')}
          </p>
          {MENU_CATEGORIES.map((slug) => (
            <Link key={slug} to={`/services?category=${slug}`} className={itemClass} onClick={close}>
              {categoryName(slug)}
            </Link>
          ))}
          <Link to="/services" className={`${itemClass} text-primary-700`} onClick={close}>
            {t('nav.viewAllServices')}
          </Link>
          <div className="my-2 border-t border-line" />
          {SECONDARY_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={itemClass} onClick={close}>
              {t(link.label)}
            </Link>
          ))}
          <div className="my-2 border-t border-line" />
          <LanguageSwitch className={itemClass} />
        </nav>
        {isSignedIn ? null : (
          <div className="mt-auto grid grid-cols-2 gap-3 border-t border-line pt-5">
            <Button asChild variant="outline">
              <Link to={LOGIN_PATH} onClick={close}>
                {t('menu.login')}
              </Link>
            </Button>
            <Button asChild variant="primary">
              <Link to={SIGNUP_PATH} onClick={close}>
                {t('menu.signup')}
              </Link>
            </Button>
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
