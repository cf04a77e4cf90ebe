import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { CalendarFeedPanel } from '@/features/calendar';
import { usePartnerListing } from '../api/get-partner-listing';
import { BookingRulesEditor } from './booking-rules-editor';
import { HoursEditor } from './hours-editor';
import { Panel } from './panel';
import { TimeOffPanel } from './time-off-panel';

/** Schedule: weekly hours, booking rules (notice, buffer, cancellation policy) and time off. */
export function ScheduleTab() {
  const listing = usePartnerListing();
  if (listing.isPending) {
    return (
      <div role="status" aria-label="Loading your schedule" className="grid gap-4">
        <Skeleton className="h-96 w-full rounded-(--radius-card)" />
      </div>
    );
  }
  if (listing.isError) {
    return (
      <p role="alert" className="rounded-lg border border-danger/30 bg-danger-soft p-4 text-sm text-danger">
        {errorMessage(listing.error, 'Your schedule could not be loaded. Please try again later.')}
      </p>
    );
  }
  const data = listing.data;
  return (
    <div className="grid gap-6">
      <Panel
        id="partner-time-off"
        title="Time Off"
        description="Days nobody can book (Toronto dates, first and last day included). Existing bookings are not cancelled."
      >
        <TimeOffPanel />
      </Panel>
      <Panel
        id="partner-hours"
        title="Weekly Hours"
        description="Customers can book hourly starts inside these hours (Toronto time)."
      >
        <HoursEditor key={`hours-${data.id}`} listing={data} />
      </Panel>
      <Panel
        id="partner-calendar"
        title="Calendar Feed"
        description="Your Trillium bookings in Google Calendar, Outlook or Apple Calendar."
      >
        <CalendarFeedPanel who="partner" />
      </Panel>
      <Panel
        id="partner-rules"
        title="Booking Rules"
        description="How far ahead customers must book, the free time after each booking, and your cancellation policy."
      >
        <BookingRulesEditor key={`rules-${data.id}`} listing={data} />
      </Panel>
    </div>
  );
}
