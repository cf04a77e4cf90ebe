import type { Executor } from '../../db/client';
import { enqueueEmail } from '../email/email.outbox.repository';
import { disputeOpenedEmail, disputeResolvedEmail, noShowEmail } from '../email/email.templates-bookings';
import { insertNotifications } from '../notifications/notifications.repository';
import { type NoticeDeps as Deps, notifyBoth, summaryOf, when } from './bookings.notices';
import { type BookingRow, findProviderBasics } from './bookings.repository';

/** Who is told about no-shows and disputes (docs/product.md §8, §10). */

/** The partner marked the customer absent: the customer is e-mailed (and may answer support). */
export async function tellNoShow(deps: Deps, tx: Executor, input: { booking: BookingRow; now: Date }) {
  const { booking, now } = input;
  const provider = await findProviderBasics(tx, booking.providerId);
  const summary = summaryOf(booking, provider?.name ?? 'your provider');
  await enqueueEmail(
    tx,
    {
      to: booking.customerEmail,
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
    customer: {
      title: 'Marked as a missed appointment',
      message: `${summary.providerName} recorded that nobody was there for ${booking.serviceTitle} on ${when(booking)}. Reply to the e-mail if you were.`,
    },
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
  await insertNotifications(
    tx,
    input.adminIds.map((userId) => ({
      userId,
      type: 'booking' as const,
      title: 'A customer reported a no-show',
      message: `${booking.customerName} says ${providerName} did not come for ${booking.serviceTitle} on ${when(booking)}. Reference ${booking.reference}.`,
      linkUrl: '/admin',
      now,
    })),
  );
  await notifyBoth(tx, {
    booking,
    provider,
    now,
    customer: {
      title: 'We received your report',
      message: `We are looking into ${booking.serviceTitle} on ${when(booking)} and will tell you what we decide.`,
    },
    partner: {
      title: 'A customer reported a no-show',
      message: `${booking.customerName} says nobody came for ${booking.serviceTitle} on ${when(booking)}.`,
    },
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
    { to: booking.customerEmail, name: booking.customerName },
    ...(provider?.ownerEmail ? [{ to: provider.ownerEmail, name: provider.ownerName ?? providerName }] : []),
  ];
  for (const recipient of recipients) {
    await enqueueEmail(
      tx,
      {
        to: recipient.to,
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
  const message =
    outcome === 'refunded'
      ? `${booking.serviceTitle} on ${when(booking)} is refunded in full.`
      : `${booking.serviceTitle} on ${when(booking)} counts as completed.`;
  await notifyBoth(tx, {
    booking,
    provider,
    now,
    customer: { title: 'Report decided', message },
    partner: { title: 'Report decided', message },
  });
}
