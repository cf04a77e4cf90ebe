import { formatCents } from '../../../shared/domain/money';
import {
  appLink,
  type BookingSummary,
  bilingual,
  bookingDetails,
  formatTorontoDateTime,
  type LocalizedEmail,
  layoutEmail,
} from './email.templates';

/** What the customer is told as their booking's life goes on: cancelled by them, moved, no-shows. */

export function cancelledByYouEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  refundCents: number;
  percent: number;
}): LocalizedEmail {
  const { booking } = input;
  return bilingual((locale, t) => {
    const amount = formatCents(input.refundCents, locale);
    return layoutEmail(
      {
        subject: t('cancelledByYou.subject', { service: booking.serviceName, reference: booking.reference }),
        heading: t('cancelledByYou.heading'),
        intro: [t('greeting', { name: booking.customerName }), t('cancelledByYou.intro')],
        details: [
          ...bookingDetails(booking, locale),
          [t('label.refund'), t('cancelledByYou.refundLine', { amount, percent: String(input.percent) })],
        ],
        action: { label: t('action.viewBookings'), url: appLink(input.publicUrl, '/bookings', {}, locale) },
        outro: [
          input.refundCents > 0 ? t('cancelledByYou.refund', { amount }) : t('cancelledByYou.noRefund'),
        ],
      },
      locale,
    );
  });
}

export function rescheduledEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  from: Date;
  to: 'customer' | 'partner';
  recipientName: string;
}): LocalizedEmail {
  const { booking } = input;
  return bilingual((locale, t) => {
    const dateLabel = t('label.dateTime');
    return layoutEmail(
      {
        subject: t('moved.subject', {
          service: booking.serviceName,
          when: formatTorontoDateTime(booking.startsAt, locale),
        }),
        heading: t('moved.heading'),
        intro: [
          t('greeting', { name: input.recipientName }),
          input.to === 'customer'
            ? t('moved.customer')
            : t('moved.partner', { customer: booking.customerName }),
        ],
        details: [
          [t('label.was'), formatTorontoDateTime(input.from, locale)],
          [t('label.now'), formatTorontoDateTime(booking.startsAt, locale)],
          ...bookingDetails(booking, locale).filter(([label]) => label !== dateLabel),
        ],
        action:
          input.to === 'customer'
            ? { label: t('action.viewBookings'), url: appLink(input.publicUrl, '/bookings', {}, locale) }
            : {
                label: t('action.openDashboard'),
                url: appLink(input.publicUrl, '/partner-dashboard', {}, locale),
              },
      },
      locale,
    );
  });
}

export function noShowEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  supportEmail: string;
}): LocalizedEmail {
  const { booking } = input;
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('noShow.subject', { service: booking.serviceName, reference: booking.reference }),
        heading: t('noShow.heading'),
        intro: [
          t('greeting', { name: booking.customerName }),
          t('noShow.intro', { provider: booking.providerName }),
        ],
        details: bookingDetails(booking, locale),
        outro: [t('noShow.outro', { support: input.supportEmail })],
      },
      locale,
    ),
  );
}

export function disputeOpenedEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  partnerName: string;
}): LocalizedEmail {
  const { booking } = input;
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('dispute.subject', { reference: booking.reference }),
        heading: t('dispute.heading'),
        intro: [
          t('greeting', { name: input.partnerName }),
          t('dispute.intro', { customer: booking.customerName }),
        ],
        details: bookingDetails(booking, locale),
        action: {
          label: t('action.openDashboard'),
          url: appLink(input.publicUrl, '/partner-dashboard', {}, locale),
        },
      },
      locale,
    ),
  );
}

export function disputeResolvedEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  outcome: 'refunded' | 'completed';
  recipientName: string;
}): LocalizedEmail {
  const { booking } = input;
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('disputeResolved.subject', { service: booking.serviceName, reference: booking.reference }),
        heading: t('disputeResolved.heading'),
        intro: [
          t('greeting', { name: input.recipientName }),
          input.outcome === 'refunded'
            ? t('disputeResolved.refunded', { amount: formatCents(booking.amountCents, locale) })
            : t('disputeResolved.completed'),
        ],
        details: bookingDetails(booking, locale),
      },
      locale,
    ),
  );
}
