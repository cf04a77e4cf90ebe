import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';
import { LanguageSwitch } from './language-switch';
import { LOGIN_PATH, MENU_CATEGORIES, PRIMARY_LINKS, SECONDARY_LINKS, SIGNUP_PATH } from './nav-links';

const itemClass =
  'flex min-h-11 items-center rounded-lg px-3 text-base font-medium text-ink hover:bg-primary-50 hover:text-primary-800';

/** The hamburger menu's sheet: every header link. Loaded on first open. */
export function MobileMenuSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT('shell');
  const categoryName = useCategoryName();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" title={t('menu.title')}>
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
      </SheetContent>
    </Sheet>
  );
}
