import { randomBytes } from 'node:crypto';
import type { User } from '../../../shared/contract/auth';
import { isLocale } from '../../../shared/i18n/locales';
import { emailText } from '../../i18n/server-i18n';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { bookingErrors } from '../bookings/bookings.errors';
import { findScopedBooking } from '../bookings/bookings.views.repository';
import { findProviderBasics } from '../bookings/bookings.repository';
import { calendarErrors } from './calendar.errors';
import { type CalendarBooking, calendarFile } from './calendar.ics';
import {
  feedTokenOrNew,
  findUserByCalendarToken,
  listCalendarBookings,
  saveCalendarToken,
} from './calendar.repository';

/**
 * Calendar files (docs/product.md §10): a booking's `.ics` for its customer, and each account's private
 * feed (`/api/calendar/{token}.ics`): a partner's lists their listing's bookings, a customer's their
 * own. The token is a long random secret; resetting it stops the old link at once.
 */

type CalendarDeps = { db: Database; clock: Clock; env: Pick<Env, 'PUBLIC_URL' | 'SUPPORT_EMAIL'> };

/** Feeds list bookings from 30 days ago on. */
const FEED_PAST_DAYS = 30;

const newToken = () => randomBytes(24).toString('base64url');
const feedUrl = (deps: CalendarDeps, token: string) => `${deps.env.PUBLIC_URL}/api/calendar/${token}.ics`;

/** The account's feed link, made on first request. */
export async function calendarFeed(deps: CalendarDeps, user: User): Promise<{ url: string }> {
  const token = await feedTokenOrNew(deps.db, user.id, newToken());
  if (!token) throw calendarErrors.feedNotFound();
  return { url: feedUrl(deps, token) };
}

/** A new link; the old one answers 404 from now on. */
export async function resetCalendarFeed(deps: CalendarDeps, user: User): Promise<{ url: string }> {
  const token = newToken();
  await saveCalendarToken(deps.db, user.id, token);
  return { url: feedUrl(deps, token) };
}

/** The feed behind a link (`{token}.ics`), or a 404 that says nothing about why. */
export async function feedFile(deps: CalendarDeps, file: string): Promise<string> {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
  if (!/^[\w-]{20,64}$/.test(token)) throw calendarErrors.feedNotFound();
  const owner = await findUserByCalendarToken(deps.db, token);
  if (!owner) throw calendarErrors.feedNotFound();
  const since = new Date(deps.clock.now().getTime() - FEED_PAST_DAYS * 86_400_000);
  const list = await listCalendarBookings(
    deps.db,
    owner.role === 'partner' ? { ownerUserId: owner.id } : { customerId: owner.id },
    since,
    deps.clock.now(),
  );
  // In the owner's language, as their e-mails are.
  const locale = isLocale(owner.language) ? owner.language : 'en';
  return calendarFile(list, {
    method: 'PUBLISH',
    publicUrl: deps.env.PUBLIC_URL,
    organizerEmail: deps.env.SUPPORT_EMAIL,
    audience: owner.role === 'partner' ? 'partner' : 'customer',
    locale,
    name: emailText(locale, owner.role === 'partner' ? 'calendar.feedPartner' : 'calendar.feedCustomer'),
  });
}

/** One of the customer's bookings as a file to add to a calendar. */
export async function bookingFile(
  deps: CalendarDeps,
  user: User,
  bookingId: number,
): Promise<{ filename: string; content: string }> {
  const row = await findScopedBooking(deps.db, bookingId, { customerId: user.id });
  if (!row || row.status === 'awaiting_payment' || row.status === 'expired') throw bookingErrors.notFound();
  const provider = await findProviderBasics(deps.db, row.providerId);
  const booking: CalendarBooking = { ...row, providerName: provider?.name ?? 'Trillium provider' };
  return {
    filename: `trillium-${row.reference}.ics`,
    content: calendarFile([booking], {
      method: 'PUBLISH',
      publicUrl: deps.env.PUBLIC_URL,
      organizerEmail: deps.env.SUPPORT_EMAIL,
      locale: user.language,
    }),
  };
}
