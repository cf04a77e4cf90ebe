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

/**
 * The private calendar feed: a link to subscribe to in Google Calendar, Outlook or Apple Calendar, a
 * copy button, and "Reset link" for when it was shared by mistake.
 */
export function CalendarFeedPanel({ who }: { who: 'partner' | 'customer' }) {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const id = useId();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify('success', 'Link copied', 'Paste it into your calendar app as a subscription ("From URL").');
    } catch {
      notify('error', 'Could not copy', 'Select the link and copy it yourself.');
    }
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted">
        {who === 'partner'
          ? 'Your bookings appear in your own calendar and stay up to date: new, moved and cancelled bookings included.'
          : 'Your Trillium bookings appear in your own calendar and stay up to date.'}{' '}
        Keep this link private: anyone who has it can see these bookings.
      </p>
      {feed.isPending ? (
        <Skeleton className="h-11 w-full rounded-lg" />
      ) : feed.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(feed.error, 'The calendar link could not be loaded.')}
        </p>
      ) : (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-url`}>Calendar link</Label>
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
                Copy
              </Button>
              <Button
                type="button"
                variant="ghost"
                onClick={() => setConfirming(true)}
                disabled={reset.isPending}
              >
                <RefreshCwIcon aria-hidden="true" />
                Reset link
              </Button>
            </div>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reset the calendar link?"
        description="The current link stops working at once. Calendars subscribed to it stop updating until you add the new link."
        cancelLabel="Keep Link"
        confirmLabel="Reset Link"
        pendingLabel="Resetting..."
        pending={reset.isPending}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notify('success', 'New calendar link', 'The old link no longer works.');
            },
            onError: (error) =>
              notify('error', 'Could not reset the link', errorMessage(error, 'Please try again.')),
          })
        }
      />
    </div>
  );
}
