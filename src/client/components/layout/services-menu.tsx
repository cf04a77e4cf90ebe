import { ChevronDownIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';
import { MENU_CATEGORIES } from './nav-links';

/** The header's Services menu: opens on hover, on click and from the keyboard; Escape closes it. */
export function ServicesMenu() {
  const t = useT('shell');
  const categoryName = useCategoryName();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => setOpen(false), [location.key]);

  const show = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), 120);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens the menu; the button is the accessible control
    <div
      ref={wrapper}
      className="relative"
      onMouseEnter={show}
      onMouseLeave={hideSoon}
      onBlur={(event) => {
        if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-11 items-center gap-1 rounded-lg px-1.5 text-sm whitespace-nowrap font-medium text-ink hover:bg-primary-50 hover:text-primary-800"
      >
        {t('nav.services')}
        <ChevronDownIcon
          className={cn('size-4 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-1 w-64 rounded-xl border border-line bg-surface p-2 shadow-lg"
      >
        <ul className="grid gap-0.5">
          {MENU_CATEGORIES.map((slug) => (
            <li key={slug}>
              <Link
                to={`/services?category=${slug}`}
                className="flex min-h-11 items-center rounded-lg px-3 text-sm text-ink hover:bg-primary-50 hover:text-primary-800"
              >
                {categoryName(slug)}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-line pt-1">
            <Link
              to="/services"
              className="flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-primary-700 hover:bg-primary-50"
            >
              {t('nav.viewAllServices')}
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
