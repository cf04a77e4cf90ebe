import { formatCents } from '../../../shared/domain/money';
import { appLink, formatTorontoDateTime, layoutEmail, type RenderedEmail } from './email.templates';

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

function bookingDetails(booking: PartnerBookingFacts): Array<[string, string]> {
  return [
    ['Service', booking.serviceName],
    ['When', formatTorontoDateTime(booking.startsAt)],
    ['Customer', booking.customerFirstName],
    ['Where', booking.address ?? 'At your place of business'],
    ...(booking.accessNotes ? ([['Access notes', booking.accessNotes]] as Array<[string, string]>) : []),
    ['Service price', formatCents(booking.servicePriceCents)],
    ['Reference', booking.reference],
  ];
}

export function partnerBookingConfirmedEmail(input: {
  publicUrl: string;
  booking: PartnerBookingFacts;
}): RenderedEmail {
  const { booking } = input;
  return layoutEmail({
    subject: `New booking: ${booking.serviceName} on ${formatTorontoDateTime(booking.startsAt)}`,
    heading: 'You have a new booking',
    intro: [
      `Hi ${booking.partnerName}, ${booking.customerFirstName} booked and paid for ${booking.serviceName}.`,
    ],
    details: bookingDetails(booking),
    action: { label: 'Open your dashboard', url: appLink(input.publicUrl, '/partner-dashboard') },
    outro: [
      "The customer's phone number and notes are on the booking in your dashboard.",
      'You can turn booking e-mails off under Settings, Email Notifications.',
    ],
  });
}

export function partnerBookingCancelledEmail(input: {
  publicUrl: string;
  booking: PartnerBookingFacts;
  cancelledBy: 'customer' | 'partner' | 'admin';
  /** Why, when they said. */
  reason?: string | null;
}): RenderedEmail {
  const { booking } = input;
  const who =
    input.cancelledBy === 'admin'
      ? 'Trillium cancelled'
      : input.cancelledBy === 'customer'
        ? `${booking.customerFirstName} cancelled`
        : 'You cancelled';
  return layoutEmail({
    subject: `Booking cancelled: ${booking.serviceName} on ${formatTorontoDateTime(booking.startsAt)}`,
    heading: 'A booking was cancelled',
    intro: [`Hi ${booking.partnerName}, ${who} this booking. The time is free again for other customers.`],
    details: [
      ...bookingDetails(booking),
      ...(input.reason ? ([['Reason given', input.reason]] as Array<[string, string]>) : []),
    ],
    action: { label: 'Open your dashboard', url: appLink(input.publicUrl, '/partner-dashboard') },
    outro: ['You can turn booking e-mails off under Settings, Email Notifications.'],
  });
}
