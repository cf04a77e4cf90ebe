import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { CalendarFeedPanel } from '@/features/calendar';
import { usePartnerListing } from '../api/get-partner-listing';
import { BookingRulesEditor } from './booking-rules-editor';
import { HoursEditor } from './hours-editor';
import { Panel } from './panel';
import { TimeOffPanel } from './time-off-panel';
import { useT } from '@/lib/i18n/i18n';

/** Schedule: weekly hours, booking rules (notice, buffer, cancellation policy) and time off. */
export function ScheduleTab() {
  const t = useT('partner');
  const listing = usePartnerListing();
  if (listing.isPending) {
    return (
      <div role="status" aria-label={t('schedule.loading')} className="grid gap-4">
        <Skeleton className="h-96 w-full rounded-(--radius-card)" />
      </div>
    );
  }
  if (listing.isError) {
    return (
      <p role="alert" className="rounded-lg border border-danger/30 bg-danger-soft p-4 text-sm text-danger">
        {errorMessage(listing.error, t('schedule.loadFailed'))}
      </p>
    );
  }
  const data = listing.data;
  return (
    <div className="grid gap-6">
      <Panel id="partner-time-off" title={t('timeOff.title')} description={t('timeOff.panel')}>
        <TimeOffPanel />
      </Panel>
      <Panel id="partner-hours" title={t('hours.title')} description={t('hours.panel')}>
        <HoursEditor key={`hours-${data.id}`} listing={data} />
      </Panel>
      <Panel id="partner-calendar" title={t('calendar.title')} description={t('calendar.panel')}>
        <CalendarFeedPanel who="partner" />
      </Panel>
      <Panel id="partner-rules" title={t('rules.title')} description={t('rules.panel')}>
        <BookingRulesEditor key={`rules-${data.id}`} listing={data} />
      </Panel>
    </div>
  );
}
