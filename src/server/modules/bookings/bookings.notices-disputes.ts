import type { Executor } from '../../db/client';
import { enqueueEmail } from '../email/email.outbox.repository';
import { disputeOpenedEmail, disputeResolvedEmail, noShowEmail } from '../email/email.templates-bookings';
import { formatBookedTime } from '../../../shared/domain/dates';
import type { Locale } from '../../../shared/i18n/locales';
import { emailText } from '../../i18n/server-i18n';
import { inEveryLanguage, insertNotifications } from '../notifications/notifications.repository';
import { type NoticeDeps as Deps, notifyBoth, summaryOf } from './bookings.notices';
import { type BookingRow, findProviderBasics } from './bookings.repository';

/** Who is told about no-shows and disputes (docs/product.md §8, §10), each in their own language. */

/** What a notice says of a booking, in a language. */
const factsOf = (booking: BookingRow, provider: string) => (locale: Locale) => ({
  service: booking.serviceTitle,
  provider,
  customer: booking.customerName,
  when: formatBookedTime(booking.serviceDate, locale),
  reference: booking.reference,
});

/** The partner marked the customer absent: the customer is e-mailed (and may answer support). */
export async function tellNoShow(deps: Deps, tx: Executor, input: { booking: BookingRow; now: Date }) {
  const { booking, now } = input;
  const provider = await findProviderBasics(tx, booking.providerId);
  const summary = summaryOf(booking, provider?.name ?? 'your provider');
  await enqueueEmail(
    tx,
    {
      to: booking.customerEmail,
      ownerId: booking.customerId,
      kind: 'booking_no_show',
      ...noShowEmail({
        publicUrl: deps.env.PUBLIC_URL,
        booking: summary,
        supportEmail: deps.env.SUPPORT_EMAIL,
      }),
    },
    { now },
  );
  await notifyBoth(tx, {
    booking,
    provider,
    now,
    customer: inEveryLanguage((locale) => ({
      title: emailText(locale, 'inApp.noShow.title'),
      message: emailText(locale, 'inApp.noShow.message', factsOf(booking, summary.providerName)(locale)),
    })),
  });
}

/** The customer reported the professional absent: the partner e-mailed, the admins notified. */
export async function tellDisputeOpened(
  deps: Deps,
  tx: Executor,
  input: { booking: BookingRow; adminIds: number[]; now: Date },
) {
  const { booking, now } = input;
  const provider = await findProviderBasics(tx, booking.providerId);
  const providerName = provider?.name ?? 'the provider';
  if (provider?.ownerEmail) {
    await enqueueEmail(
      tx,
      {
        to: provider.ownerEmail,
        kind: 'booking_dispute',
        ...disputeOpenedEmail({
          publicUrl: deps.env.PUBLIC_URL,
          booking: summaryOf(booking, providerName),
          partnerName: provider.ownerName ?? providerName,
        }),
      },
      { now },
    );
  }
  const facts = factsOf(booking, providerName);
  await insertNotifications(
    tx,
    input.adminIds.map((userId) => ({
      userId,
      type: 'booking' as const,
      ...inEveryLanguage((locale) => ({
        title: emailText(locale, 'inApp.disputeOpened.adminTitle'),
        message: emailText(locale, 'inApp.disputeOpened.admin', facts(locale)),
      })),
      linkUrl: '/admin',
      now,
    })),
  );
  await notifyBoth(tx, {
    booking,
    provider,
    now,
    customer: inEveryLanguage((locale) => ({
      title: emailText(locale, 'inApp.disputeOpened.customerTitle'),
      message: emailText(locale, 'inApp.disputeOpened.customer', facts(locale)),
    })),
    partner: inEveryLanguage((locale) => ({
      title: emailText(locale, 'inApp.disputeOpened.adminTitle'),
      message: emailText(locale, 'inApp.disputeOpened.partner', facts(locale)),
    })),
  });
}

/** An admin settled a dispute: both sides e-mailed and notified. */
export async function tellDisputeResolved(
  deps: Deps,
  tx: Executor,
  input: { booking: BookingRow; outcome: 'refunded' | 'completed'; now: Date },
) {
  const { booking, outcome, now } = input;
  const provider = await findProviderBasics(tx, booking.providerId);
  const providerName = provider?.name ?? 'the provider';
  const summary = summaryOf(booking, providerName);
  const recipients = [
    { to: booking.customerEmail, name: booking.customerName, ownerId: booking.customerId },
    ...(provider?.ownerEmail ? [{ to: provider.ownerEmail, name: provider.ownerName ?? providerName }] : []),
  ];
  for (const recipient of recipients) {
    await enqueueEmail(
      tx,
      {
        to: recipient.to,
        ownerId: 'ownerId' in recipient ? recipient.ownerId : undefined,
        kind: 'booking_dispute',
        ...disputeResolvedEmail({
          publicUrl: deps.env.PUBLIC_URL,
          booking: summary,
          outcome,
          recipientName: recipient.name,
        }),
      },
      { now },
    );
  }
  const decided = inEveryLanguage((locale) => ({
    title: emailText(locale, 'inApp.disputeResolved.title'),
    message: emailText(
      locale,
      outcome === 'refunded' ? 'inApp.disputeResolved.refunded' : 'inApp.disputeResolved.completed',
      factsOf(booking, providerName)(locale),
    ),
  }));
  await notifyBoth(tx, { booking, provider, now, customer: decided, partner: decided });
}
