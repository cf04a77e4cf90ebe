import { CopyIcon, RefreshCwIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';
import { useT } from '@/lib/i18n/i18n';

/**
 * The private calendar feed: a link to subscribe to in Google Calendar, Outlook or Apple Calendar, a
 * copy button, and "Reset link" for when it was shared by mistake.
 */
export function CalendarFeedPanel({ who }: { who: 'partner' | 'customer' }) {
  const feed = useCalendarFeed();
  const t = useT('account');
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const id = useId();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify('success', t('calendar.copied'), t('calendar.copiedText'));
    } catch {
      notify('error', t('calendar.copyFailed'), t('calendar.copyFailedText'));
    }
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted">
        {who === 'partner' ? t('calendar.partnerIntro') : t('calendar.customerIntro')} {t('calendar.private')}
      </p>
      {feed.isPending ? (
        <Skeleton className="h-11 w-full rounded-lg" />
      ) : feed.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(feed.error, t('calendar.loadFailed'))}
        </p>
      ) : (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-url`}>{t('calendar.link')}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${id}-url`}
              readOnly
              value={feed.data.url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={() => void copy(feed.data.url)}>
                <CopyIcon aria-hidden="true" />
                {t('calendar.copy')}
              </Button>
              <Button
                type="button"
                variant="ghost"
                onClick={() => setConfirming(true)}
                disabled={reset.isPending}
              >
                <RefreshCwIcon aria-hidden="true" />
                {t('calendar.reset')}
              </Button>
            </div>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('calendar.resetTitle')}
        description={t('calendar.resetText')}
        cancelLabel={t('calendar.keep')}
        confirmLabel={t('calendar.confirmReset')}
        pendingLabel={t('calendar.resetting')}
        pending={reset.isPending}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notify('success', t('calendar.newLink'), t('calendar.newLinkText'));
            },
            onError: (error) =>
              notify('error', t('calendar.resetFailed'), errorMessage(error, t('common.tryAgain'))),
          })
        }
      />
    </div>
  );
}
