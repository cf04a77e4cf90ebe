import { useFormat, useT } from '@/lib/i18n/i18n';
import { AlertCircleIcon, LockIcon, LogInIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

function Bar({ children }: { children: ReactNode }) {
  return (
    <div
      data-action-bar=""
      className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 -mx-4 mt-6 border-t border-line bg-surface/95 px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.06)] backdrop-blur md:bottom-0 md:mx-0 md:rounded-t-(--radius-card) md:border-x"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">{children}</div>
    </div>
  );
}

/** The confirmation page's bottom bar: sign in, pick a schedule, or pay. */
export function CheckoutBar({
  loading = false,
  signedIn,
  scheduled,
  totalCents,
  busy,
  onSignIn,
  onPay,
}: {
  /** The current user is still being asked for: no bar flashes "Almost There!" at a signed-in customer. */
  loading?: boolean;
  signedIn: boolean;
  scheduled: boolean;
  totalCents: number | null;
  busy: boolean;
  onSignIn: () => void;
  onPay: () => void;
}) {
  const t = useT('booking');
  const format = useFormat();
  if (loading) {
    return (
      <Bar>
        <div className="h-11 w-40 animate-pulse rounded-md bg-line/60" aria-hidden="true" />
        <div className="h-12 w-full animate-pulse rounded-lg bg-line/60 sm:w-40" aria-hidden="true" />
      </Bar>
    );
  }
  if (!signedIn) {
    return (
      <Bar>
        <div>
          <p className="font-semibold text-ink">{t('bar.almost')}</p>
          <p className="text-sm text-muted">{t('signIn.description')}</p>
        </div>
        <Button size="lg" onClick={onSignIn} className="w-full sm:w-auto">
          <LogInIcon aria-hidden="true" />
          {t('signIn.title')}
        </Button>
      </Bar>
    );
  }
  if (!scheduled) {
    return (
      <Bar>
        <div className="flex items-start gap-2">
          <AlertCircleIcon className="mt-0.5 size-5 shrink-0 text-accent-600" aria-hidden="true" />
          <div>
            <p className="font-semibold text-ink">{t('bar.scheduleRequired')}</p>
            <p className="text-sm text-muted">{t('bar.chooseDateTime')}</p>
          </div>
        </div>
        <Button size="lg" disabled className="w-full sm:w-auto">
          {t('bar.selectFirst')}
        </Button>
      </Bar>
    );
  }
  return (
    <Bar>
      <div>
        <p className="text-sm text-muted">{t('bar.total')}</p>
        <p className="text-2xl font-bold text-ink tabular-nums">
          {totalCents === null ? '—' : format.money(totalCents)}
        </p>
        <p className="text-xs text-muted">{t('bar.includes')}</p>
      </div>
      <Button variant="accent" size="lg" onClick={onPay} busy={busy} className="w-full sm:w-auto">
        <LockIcon aria-hidden="true" />
        {busy ? t('dialog.confirming') : t('bar.payNow')}
      </Button>
    </Bar>
  );
}
