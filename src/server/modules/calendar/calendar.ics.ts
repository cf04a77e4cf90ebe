import { createEvents, type EventAttributes } from 'ics';

/**
 * Bookings as iCalendar (RFC 5545), written by the `ics` library (docs/product.md §10). One stable UID
 * per booking and a SEQUENCE that grows with each change, so a calendar app moves or removes the same
 * entry instead of adding a second one. Times are UTC instants: right across daylight-saving changes.
 */

export type CalendarBooking = {
  id: number;
  reference: string;
  serviceTitle: string;
  providerName: string;
  serviceDate: Date;
  durationMinutes: number;
  location: string | null;
  status: string;
  rescheduleCount: number;
  /** Who booked: the partner's feed names them; invitations (REQUEST, CANCEL) list them as ATTENDEE. */
  customerName?: string;
  customerEmail?: string;
};

/** Whose calendar the file is for: the customer's (service with provider) or the partner's (who booked). */
export type CalendarAudience = 'customer' | 'partner';

/** `REQUEST` for a new or moved booking, `CANCEL` for a cancelled one; `PUBLISH` for downloads and feeds. */
export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export const bookingUid = (id: number) => `booking-${id}@trillium.ca`;

/** Each change raises it: moved bookings by their moves, a cancellation once more. */
export const sequenceOf = (booking: Pick<CalendarBooking, 'status' | 'rescheduleCount'>) =>
  booking.rescheduleCount + (booking.status === 'cancelled' ? 1 : 0);

/** What the library's URL check accepts: a port, when there is one, of 2 to 5 digits. */
const acceptedUrl = (link: string) => {
  const port = new URL(link).port;
  return port === '' || port.length >= 2;
};

type EventOptions = {
  method: CalendarMethod;
  publicUrl: string;
  organizerEmail: string;
  audience?: CalendarAudience;
};

/**
 * RFC 5546 (iTIP): a REQUEST or CANCEL names its ORGANIZER (Trillium) and its ATTENDEE (the customer),
 * so calendar apps take it as an invitation whose entry they update or remove. The customer booked and
 * paid, so they have accepted already: no reply is asked for. PUBLISH (downloads, feeds) has none.
 */
/**
 * A name as a parameter value (the attendee's CN, written in double quotes): RFC 5545 allows no double
 * quote or control character there, and the `ics` library writes it as given, so a name holding a
 * quote could end the value and add parameters of its own (another address for the attendee).
 */
const parameterText = (name: string) =>
  Array.from(name, (c) => (c === '"' || c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
    .join('')
    .trim();

function attendeesOf(booking: CalendarBooking, method: CalendarMethod): EventAttributes['attendees'] {
  if (method === 'PUBLISH' || !booking.customerEmail) return undefined;
  const name = booking.customerName ? parameterText(booking.customerName) : '';
  return [
    {
      ...(name ? { name } : {}),
      email: booking.customerEmail,
      role: 'REQ-PARTICIPANT',
      partstat: 'ACCEPTED',
      rsvp: false,
    },
  ];
}

function toEvent(booking: CalendarBooking, options: EventOptions): EventAttributes {
  const cancelled = booking.status === 'cancelled';
  const link = `${options.publicUrl}/bookings`;
  const attendees = attendeesOf(booking, options.method);
  return {
    uid: bookingUid(booking.id),
    sequence: sequenceOf(booking),
    start: booking.serviceDate.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: booking.durationMinutes },
    title:
      options.audience === 'partner' && booking.customerName
        ? `${booking.serviceTitle}: ${booking.customerName}`
        : `${booking.serviceTitle} with ${booking.providerName}`,
    description: `Reference ${booking.reference}. Manage this booking: ${link}`,
    ...(booking.location ? { location: booking.location } : {}),
    // The library refuses some valid addresses (a local test server's port 0): the link then stays in
    // the description only.
    ...(acceptedUrl(link) ? { url: link } : {}),
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: 'Trillium', email: options.organizerEmail },
    ...(attendees ? { attendees } : {}),
    productId: 'trillium/bookings',
  };
}

/** One or more bookings as one calendar file; throws when the library refuses the data. */
export function calendarFile(bookings: CalendarBooking[], options: EventOptions & { name?: string }): string {
  const { error, value } = createEvents(
    bookings.map((b) => toEvent(b, options)),
    {
      method: options.method,
      productId: 'trillium/bookings',
      ...(options.name ? { calName: options.name } : {}),
    },
  );
  if (error || !value) throw error ?? new Error('the calendar file could not be written');
  return value;
}

/** A booking's calendar entry as an e-mail attachment: a new or moved booking, or its cancellation. */
export function calendarAttachment(
  booking: CalendarBooking,
  options: { method: 'REQUEST' | 'CANCEL'; publicUrl: string; organizerEmail: string },
) {
  return {
    filename: options.method === 'CANCEL' ? 'cancelled-booking.ics' : 'booking.ics',
    contentType: `text/calendar; charset=utf-8; method=${options.method}`,
    content: calendarFile([booking], options),
  };
}
