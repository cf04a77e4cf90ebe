import type { Locale } from '../../../shared/i18n/locales';
import type { AppDeps } from '../../app-deps';
import type { Env } from '../../env';
import { calendarAttachment } from '../calendar/calendar.ics';
import type { BookingRow } from './bookings.repository';

/**
 * The calendar entry sent with the customer's confirmation, reschedule and cancellation e-mails: the
 * same UID each time, in the customer's language, so the calendar app updates or removes the entry it already has. A file that
 * cannot be written never stops the e-mail (or the payment that sends it): the e-mail goes without it,
 * and the log says why.
 */
export function bookingInvite(
  { env, log }: { env: Pick<Env, 'PUBLIC_URL' | 'SUPPORT_EMAIL'>; log?: AppDeps['log'] },
  booking: BookingRow,
  providerName: string,
  method: 'REQUEST' | 'CANCEL',
  locale: Locale,
) {
  try {
    return [
      calendarAttachment(
        { ...booking, providerName, status: method === 'CANCEL' ? 'cancelled' : booking.status },
        { method, publicUrl: env.PUBLIC_URL, organizerEmail: env.SUPPORT_EMAIL, locale },
      ),
    ];
  } catch (error) {
    log?.warn({ err: error, bookingId: booking.id }, 'calendar file not written; the e-mail goes without it');
    return [];
  }
}
