import { createEvents, type EventAttributes } from 'ics';
import { type Locale, localizePath } from '../../../shared/i18n/locales';
import { emailText } from '../../i18n/server-i18n';

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
  /** The language of the entry's texts and of its link: the calendar owner's (English by default). */
  locale?: Locale;
};

/**
 * A text value as RFC 5545 allows it (§3.3.11): no control character but the line break, which the
 * library writes as `\n`. The library escapes only CRLF and LF, so a lone CR in a customer's name or a
 * partner's service name reached the file raw, and a calendar that ends lines at CR read properties or
 * whole events of the writer's choosing from it.
 */
const plainText = (text: string) =>
  Array.from(text.replace(/\r\n?/g, '\n'), (c) => {
    const code = c.charCodeAt(0);
    return (code < 32 && c !== '\n') || code === 127 ? ' ' : c;
  }).join('');

/**
 * Lines folded at 75 octets (RFC 5545 §3.1): the library folds at 75 characters, so a line of accented
 * French (rue de l'Église) came out longer. Its folds are undone and the lines folded again by their
 * UTF-8 length, never inside a character.
 */
function foldByOctets(file: string): string {
  return file
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => {
      const parts: string[] = [];
      let part = '';
      let octets = 0;
      for (const char of line) {
        const size = Buffer.byteLength(char);
        // A continuation line starts with a space, which counts.
        if (octets + size > (parts.length === 0 ? 75 : 74)) {
          parts.push(part);
          part = '';
          octets = 0;
        }
        part += char;
        octets += size;
      }
      parts.push(part);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

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
  const locale = options.locale ?? 'en';
  const link = `${options.publicUrl}${localizePath('/bookings', locale)}`;
  const attendees = attendeesOf(booking, options.method);
  const service = plainText(booking.serviceTitle);
  return {
    uid: bookingUid(booking.id),
    sequence: sequenceOf(booking),
    start: booking.serviceDate.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: booking.durationMinutes },
    title:
      options.audience === 'partner' && booking.customerName
        ? emailText(locale, 'calendar.forPartner', { service, customer: plainText(booking.customerName) })
        : emailText(locale, 'calendar.with', { service, provider: plainText(booking.providerName) }),
    description: emailText(locale, 'calendar.description', { reference: booking.reference, link }),
    ...(booking.location ? { location: plainText(booking.location) } : {}),
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
  return foldByOctets(value);
}

/** A booking's calendar entry as an e-mail attachment: a new or moved booking, or its cancellation. */
export function calendarAttachment(
  booking: CalendarBooking,
  options: { method: 'REQUEST' | 'CANCEL'; publicUrl: string; organizerEmail: string; locale: Locale },
) {
  return {
    filename: options.method === 'CANCEL' ? 'cancelled-booking.ics' : 'booking.ics',
    contentType: `text/calendar; charset=utf-8; method=${options.method}`,
    content: calendarFile([booking], options),
  };
}
