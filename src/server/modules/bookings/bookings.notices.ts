import { POLICY_TEXT } from '../../../shared/domain/cancellation-policy';
import { formatCents } from '../../../shared/domain/money';
import { formatBookedTime } from '../../../shared/domain/dates';
import type { Executor } from '../../db/client';
import type { Env } from '../../env';
import { enqueueEmail, recipientLocale } from '../email/email.outbox.repository';
import type { DrawnAttachment } from '../email/email.transport';
import type { BookingSummary } from '../email/email.templates';
import { bookingCancelledEmail } from '../email/email.templates';
import { cancelledByYouEmail, rescheduledEmail } from '../email/email.templates-bookings';
import {
  inEveryLanguage,
  insertNotifications,
  type NotificationInput,
} from '../notifications/notifications.repository';
import { emailText } from '../../i18n/server-i18n';
import type { Locale } from '../../../shared/i18n/locales';
import { bookingInvite } from './bookings.calendar';
import { emailPartnerCancelled } from './bookings.partner-emails';
import { type BookingRow, findProviderBasics } from './bookings.repository';

/**
 * Who is told what when a booking changes, in the transaction of the change: e-mails through the
 * outbox and notifications in the app, to the customer and the partner (docs/product.md §10).
 */

export type NoticeDeps = { env: Pick<Env, 'PUBLIC_URL' | 'SUPPORT_EMAIL'> };
type Deps = NoticeDeps;
type Provider = Awaited<ReturnType<typeof findProviderBasics>>;

export function summaryOf(booking: BookingRow, providerName: string): BookingSummary {
  return {
    customerName: booking.customerName,
    serviceName: booking.serviceTitle,
    providerName,
    startsAt: booking.serviceDate,
    amountCents: booking.totalCents,
    reference: booking.reference,
    policy: `${POLICY_TEXT[booking.cancellationPolicy].name}: ${POLICY_TEXT[booking.cancellationPolicy].summary}`,
    policyKey: booking.cancellationPolicy,
  };
}

export async function notifyBoth(
  tx: Executor,
  input: {
    booking: BookingRow;
    provider: Provider;
    now: Date;
    customer?: Pick<NotificationInput, 'title' | 'message' | 'localized'>;
    partner?: Pick<NotificationInput, 'title' | 'message' | 'localized'>;
  },
) {
  const items = [];
  if (input.customer && input.booking.customerId)
    items.push({
      userId: input.booking.customerId,
      type: 'booking' as const,
      linkUrl: '/bookings',
      now: input.now,
      ...input.customer,
    });
  if (input.partner && input.provider?.ownerUserId)
    items.push({
      userId: input.provider.ownerUserId,
      type: 'booking' as const,
      linkUrl: '/partner-dashboard',
      now: input.now,
      ...input.partner,
    });
  await insertNotifications(tx, items);
}

export const when = (booking: BookingRow) => formatBookedTime(booking.serviceDate);

/** A cancellation: the customer e-mailed with the refund, the partner e-mailed, both notified. */
export async function tellCancelled(
  deps: Deps,
  tx: Executor,
  input: {
    before: BookingRow;
    by: 'customer' | 'partner' | 'admin';
    refundCents: number;
    percent: number;
    reason: string | null;
    now: Date;
    /** The refund's credit note, drawn as a PDF when the e-mail is sent (creditNoteToDraw). */
    creditNote?: DrawnAttachment | null;
  },
) {
  const { before: booking, by, refundCents, now } = input;
  const provider = await findProviderBasics(tx, booking.providerId);
  const providerName = provider?.name ?? 'your provider';
  const summary = summaryOf(booking, providerName);
  // Only a booking someone paid for concerns the customer's money: an unpaid hold needs no e-mail.
  if (booking.status === 'confirmed' || refundCents > 0) {
    const email =
      by === 'customer'
        ? cancelledByYouEmail({
            publicUrl: deps.env.PUBLIC_URL,
            booking: summary,
            refundCents,
            percent: input.percent,
          })
        : bookingCancelledEmail({
            publicUrl: deps.env.PUBLIC_URL,
            booking: summary,
            refundCents,
            // Said in the customer's language by the template (email.templates.ts).
            cancelledBy: { by, reason: input.reason },
          });
    const customer = { to: booking.customerEmail, ownerId: booking.customerId };
    const locale = await recipientLocale(tx, customer);
    const attachments = [
      ...bookingInvite(deps, booking, providerName, 'CANCEL', locale),
      // Drawn when the e-mail leaves, in its language.
      ...(input.creditNote ? [{ ...input.creditNote, locale }] : []),
    ];
    await enqueueEmail(
      tx,
      { ...customer, kind: 'booking_cancelled', ...email, attachments },
      { now, locale },
    );
  }
  const facts = (locale: Locale) => ({
    service: booking.serviceTitle,
    provider: providerName,
    when: formatBookedTime(booking.serviceDate, locale),
    reference: booking.reference,
    amount: formatCents(refundCents, locale),
  });
  await notifyBoth(tx, {
    booking,
    provider,
    now,
    customer: inEveryLanguage((locale) => ({
      title: emailText(locale, 'inApp.cancelled.title'),
      message: emailText(
        locale,
        refundCents > 0 ? 'inApp.cancelled.customerRefunded' : 'inApp.cancelled.customer',
        facts(locale),
      ),
    })),
    partner:
      by === 'partner'
        ? undefined
        : inEveryLanguage((locale) => ({
            title: emailText(locale, 'inApp.cancelled.title'),
            message: emailText(locale, 'inApp.cancelled.partner', {
              ...facts(locale),
              who: by === 'admin' ? 'Trillium' : booking.customerName,
            }),
          })),
  });
  await emailPartnerCancelled(tx, {
    env: deps.env,
    booking,
    provider,
    cancelledBy: by,
    reason: input.reason,
    now,
  });
}

/** A reschedule: both e-mailed with the old and the new time, both notified. */
export async function tellRescheduled(
  deps: Deps,
  tx: Executor,
  input: { after: BookingRow; from: Date; now: Date },
) {
  const { after: booking, from, now } = input;
  const provider = await findProviderBasics(tx, booking.providerId);
  const providerName = provider?.name ?? 'your provider';
  const summary = summaryOf(booking, providerName);
  const customer = { to: booking.customerEmail, ownerId: booking.customerId };
  const locale = await recipientLocale(tx, customer);
  await enqueueEmail(
    tx,
    {
      ...customer,
      kind: 'booking_rescheduled',
      ...rescheduledEmail({
        publicUrl: deps.env.PUBLIC_URL,
        booking: summary,
        from,
        to: 'customer',
        recipientName: booking.customerName,
      }),
      attachments: bookingInvite(deps, booking, providerName, 'REQUEST', locale),
    },
    { now, locale },
  );
  if (provider?.ownerEmail && provider.ownerPreferences?.email !== false) {
    await enqueueEmail(
      tx,
      {
        to: provider.ownerEmail,
        kind: 'booking_rescheduled',
        ...rescheduledEmail({
          publicUrl: deps.env.PUBLIC_URL,
          booking: summary,
          from,
          to: 'partner',
          recipientName: provider.ownerName ?? providerName,
        }),
      },
      { now },
    );
  }
  const moved = (locale: Locale) => ({
    service: booking.serviceTitle,
    provider: providerName,
    customer: booking.customerName,
    from: formatBookedTime(from, locale),
    to: formatBookedTime(booking.serviceDate, locale),
  });
  await notifyBoth(tx, {
    booking,
    provider,
    now,
    customer: inEveryLanguage((locale) => ({
      title: emailText(locale, 'inApp.moved.title'),
      message: emailText(locale, 'inApp.moved.customer', moved(locale)),
    })),
    partner: inEveryLanguage((locale) => ({
      title: emailText(locale, 'inApp.moved.title'),
      message: emailText(locale, 'inApp.moved.partner', moved(locale)),
    })),
  });
}
