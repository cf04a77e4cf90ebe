/** Calendar files: Add to calendar on a booking, and the account's private calendar feed. */
export { AddToCalendar } from './components/add-to-calendar';
export { CalendarFeedPanel } from './components/calendar-feed-panel';
export type { CalendarEntry } from './lib/calendar-links';
