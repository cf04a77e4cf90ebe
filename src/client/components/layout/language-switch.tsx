import { LOCALE_NAMES, LOCALE_TAGS, localizePath } from '@shared/i18n/locales';
import { GlobeIcon } from 'lucide-react';
import { useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { chooseLocale } from '@/lib/i18n/choose-locale';
import { useLocale, useT } from '@/lib/i18n/i18n';

/**
 * English / Français: a link to this page in the other language (crawlers and people without
 * JavaScript follow it as is); a click also remembers the choice, on the account when signed in.
 */
export function LanguageSwitch({
  className,
  withLabel = false,
  compact = false,
}: {
  className?: string;
  withLabel?: boolean;
  /** The language's code (EN, FR) on screen, its name for screen readers: the header's width is tight. */
  compact?: boolean;
}) {
  const t = useT('shell');
  const locale = useLocale();
  const other = locale === 'en' ? 'fr' : 'en';
  const { pathname, search, hash } = useLocation();
  const here = `${pathname}${search}${hash}`;
  return (
    <a
      href={localizePath(here, other)}
      hrefLang={LOCALE_TAGS[other]}
      lang={LOCALE_TAGS[other]}
      title={t('language.switchTo')}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void chooseLocale(other, here);
      }}
      // The globe keeps its distance from the name whatever class the place gives (the menu's, the footer's).
      className={cn(
        'gap-1.5',
        className ??
          'inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium whitespace-nowrap text-ink hover:bg-primary-50 hover:text-primary-800',
      )}
    >
      <GlobeIcon className={cn('size-4 shrink-0', compact && 'xl:hidden')} aria-hidden="true" />
      {withLabel ? <span className="sr-only">{t('language.prefix')} </span> : null}
      {compact ? (
        <>
          <span aria-hidden="true">{other.toUpperCase()}</span>
          <span className="sr-only">{LOCALE_NAMES[other]}</span>
        </>
      ) : (
        LOCALE_NAMES[other]
      )}
    </a>
  );
}
