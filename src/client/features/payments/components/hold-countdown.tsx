import { TimerIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import type { Locale } from '@shared/i18n/locales';
import { useFormat, useT } from '@/lib/i18n/i18n';

/** `9:05` for 545 seconds; in French `9 min 05 s` (a clock's `9:05` reads as an hour there). */
export function formatCountdown(seconds: number, locale: Locale = 'en'): string {
  const s = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(s / 60);
  const rest = String(s % 60).padStart(2, '0');
  return locale === 'fr' ? `${minutes}\u00a0min\u00a0${rest}\u00a0s` : `${minutes}:${rest}`;
}

/** How long the chosen time stays held for this customer (ten minutes from Pay Now). */
export function HoldCountdown({ expiresAt }: { expiresAt: string }) {
  const t = useT('booking');
  const { locale } = useFormat();
  const end = new Date(expiresAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.round((end - now) / 1000);
  const expired = left <= 0;
  return (
    <p
      className={cn(
        'flex items-center gap-2 rounded-lg px-3 py-2 text-sm',
        expired ? 'bg-accent-50 text-accent-700' : 'bg-primary-50 text-primary-900',
      )}
    >
      <TimerIcon className="size-4 shrink-0" aria-hidden="true" />
      {expired ? (
        <span>{t('hold.ended')}</span>
      ) : (
        <span>
          {t('hold.holding')}{' '}
          <span className="font-semibold tabular-nums" role="timer" aria-live="off">
            {formatCountdown(left, locale)}
          </span>
          .
        </span>
      )}
    </p>
  );
}
