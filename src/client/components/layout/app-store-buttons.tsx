import { AppleIcon, PlayIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/i18n';

const storeButton =
  'inline-flex min-h-12 items-center gap-3 rounded-xl px-4 py-2 text-left transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400';

/** App Store and Google Play buttons: the apps are not out yet, so they only say so. */
export function AppStoreButtons({
  tone = 'dark',
  className,
}: {
  tone?: 'dark' | 'light';
  className?: string;
}) {
  const t = useT('shell');
  const colours =
    tone === 'dark'
      ? 'bg-ink text-white hover:bg-primary-950'
      : 'bg-white/10 text-white ring-1 ring-white/25 hover:bg-white/20';
  return (
    <div className={cn('flex flex-wrap gap-3', className)}>
      <button
        type="button"
        className={cn(storeButton, colours)}
        onClick={() => window.alert(t('store.appStoreAlert'))}
      >
        <AppleIcon className="size-6" aria-hidden="true" />
        <span className="leading-tight">
          <span className="block text-[0.6875rem] opacity-80">{t('store.downloadOn')}</span>
          <span className="block text-sm font-semibold">App Store</span>
        </span>
      </button>
      <button
        type="button"
        className={cn(storeButton, colours)}
        onClick={() => window.alert(t('store.googlePlayAlert'))}
      >
        <PlayIcon className="size-6" aria-hidden="true" />
        <span className="leading-tight">
          <span className="block text-[0.6875rem] opacity-80">{t('store.getItOn')}</span>
          <span className="block text-sm font-semibold">Google Play</span>
        </span>
      </button>
    </div>
  );
}
