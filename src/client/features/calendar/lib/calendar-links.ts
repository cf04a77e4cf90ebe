/** "Add to calendar" links for Google Calendar and Outlook, and the booking's .ics download. */

export type CalendarEntry = {
  bookingId: number;
  title: string;
  /** ISO instants. */
  start: string;
  end: string;
  location?: string | null;
  details: string;
};

/** `20261125T150000Z`: the UTC form both calendars read. */
const compact = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function googleCalendarLink(entry: CalendarEntry): string {
  const url = new URL('https://calendar.google.com/calendar/render');
  url.searchParams.set('action', 'TEMPLATE');
  url.searchParams.set('text', entry.title);
  url.searchParams.set('dates', `${compact(entry.start)}/${compact(entry.end)}`);
  url.searchParams.set('details', entry.details);
  if (entry.location) url.searchParams.set('location', entry.location);
  return url.toString();
}

export function outlookCalendarLink(entry: CalendarEntry): string {
  const url = new URL('https://outlook.live.com/calendar/0/action/compose');
  url.searchParams.set('path', '/calendar/action/compose');
  url.searchParams.set('rru', 'addevent');
  url.searchParams.set('subject', entry.title);
  url.searchParams.set('startdt', new Date(entry.start).toISOString());
  url.searchParams.set('enddt', new Date(entry.end).toISOString());
  url.searchParams.set('body', entry.details);
  if (entry.location) url.searchParams.set('location', entry.location);
  return url.toString();
}

export const icsDownloadPath = (bookingId: number) => `/api/bookings/${bookingId}/calendar`;
