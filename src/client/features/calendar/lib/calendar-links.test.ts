import { describe, expect, it } from 'vitest';
import { googleCalendarLink, icsDownloadPath, outlookCalendarLink } from './calendar-links';

const entry = {
  bookingId: 7,
  title: 'Haircut with Queen West Salon',
  start: '2026-11-25T15:00:00.000Z',
  end: '2026-11-25T16:00:00.000Z',
  location: '800 Queen St W, Toronto',
  details: 'Reference TR-ABCDEF',
};

describe('add to calendar links', () => {
  it('Google gets UTC start/end, title, place and details', () => {
    const url = new URL(googleCalendarLink(entry));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('dates')).toBe('20261125T150000Z/20261125T160000Z');
    expect(url.searchParams.get('text')).toBe('Haircut with Queen West Salon');
    expect(url.searchParams.get('location')).toBe('800 Queen St W, Toronto');
  });

  it('Outlook gets ISO instants', () => {
    const url = new URL(outlookCalendarLink(entry));
    expect(url.searchParams.get('startdt')).toBe('2026-11-25T15:00:00.000Z');
    expect(url.searchParams.get('enddt')).toBe('2026-11-25T16:00:00.000Z');
    expect(url.searchParams.get('subject')).toBe('Haircut with Queen West Salon');
  });

  it('the .ics comes from the API', () => {
    expect(icsDownloadPath(7)).toBe('/api/bookings/7/calendar');
  });
});
