import { formatCents } from '../../../shared/domain/money';
import type { Locale } from '../../../shared/i18n/locales';
import {
  appLink,
  bilingual,
  type EmailT,
  formatTorontoDateTime,
  type LocalizedEmail,
  layoutEmail,
} from './email.templates';

/** What a partner is told about a booking of their listing (docs/product.md §10). */
export type PartnerBookingFacts = {
  partnerName: string;
  serviceName: string;
  customerFirstName: string;
  startsAt: Date;
  reference: string;
  /** The service address for a service at the customer's place; null at the partner's place. */
  address: string | null;
  accessNotes: string | null;
  /** What the partner earns: the service price. */
  servicePriceCents: number;
};

function bookingDetails(booking: PartnerBookingFacts, locale: Locale, t: EmailT): Array<[string, string]> {
  return [
    [t('label.service'), booking.serviceName],
    [t('label.when'), formatTorontoDateTime(booking.startsAt, locale)],
    [t('label.customer'), booking.customerFirstName],
    [t('label.where'), booking.address ?? t('partner.atYourPlace')],
    ...(booking.accessNotes
      ? ([[t('label.accessNotes'), booking.accessNotes]] as Array<[string, string]>)
      : []),
    [t('label.servicePrice'), formatCents(booking.servicePriceCents, locale)],
    [t('label.reference'), booking.reference],
  ];
}

export function partnerBookingConfirmedEmail(input: {
  publicUrl: string;
  booking: PartnerBookingFacts;
}): LocalizedEmail {
  const { booking } = input;
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('partnerConfirmed.subject', {
          service: booking.serviceName,
          when: formatTorontoDateTime(booking.startsAt, locale),
        }),
        heading: t('partnerConfirmed.heading'),
        intro: [
          t('partnerConfirmed.intro', {
            partner: booking.partnerName,
            customer: booking.customerFirstName,
            service: booking.serviceName,
          }),
        ],
        details: bookingDetails(booking, locale, t),
        action: {
          label: t('action.openDashboard'),
          url: appLink(input.publicUrl, '/partner-dashboard', {}, locale),
        },
        outro: [t('partnerConfirmed.phone'), t('partner.turnOff')],
      },
      locale,
    ),
  );
}

export function partnerBookingCancelledEmail(input: {
  publicUrl: string;
  booking: PartnerBookingFacts;
  cancelledBy: 'customer' | 'partner' | 'admin';
  /** Why, when they said. */
  reason?: string | null;
}): LocalizedEmail {
  const { booking } = input;
  return bilingual((locale, t) => {
    const values = { partner: booking.partnerName, customer: booking.customerFirstName };
    const intro =
      input.cancelledBy === 'admin'
        ? t('partnerCancelled.byAdmin', values)
        : input.cancelledBy === 'customer'
          ? t('partnerCancelled.byCustomer', values)
          : t('partnerCancelled.byPartner', values);
    return layoutEmail(
      {
        subject: t('partnerCancelled.subject', {
          service: booking.serviceName,
          when: formatTorontoDateTime(booking.startsAt, locale),
        }),
        heading: t('partnerCancelled.heading'),
        intro: [intro],
        details: [
          ...bookingDetails(booking, locale, t),
          ...(input.reason ? ([[t('label.reasonGiven'), input.reason]] as Array<[string, string]>) : []),
        ],
        action: {
          label: t('action.openDashboard'),
          url: appLink(input.publicUrl, '/partner-dashboard', {}, locale),
        },
        outro: [t('partner.turnOff')],
      },
      locale,
    );
  });
}
