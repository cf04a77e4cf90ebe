import { formatCents } from '../../../shared/domain/money';
import {
  appLink,
  type BookingSummary,
  bookingDetails,
  formatTorontoDateTime,
  layoutEmail,
  type RenderedEmail,
} from './email.templates';

/** What the customer is told as their booking's life goes on: cancelled by them, moved, no-shows. */

export function cancelledByYouEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  refundCents: number;
  percent: number;
}): RenderedEmail {
  const { booking } = input;
  return layoutEmail({
    subject: `You cancelled ${booking.serviceName} (${booking.reference})`,
    heading: 'Your booking is cancelled',
    intro: [`Hi ${booking.customerName},`, 'You cancelled this booking. The time is free again.'],
    details: [
      ...bookingDetails(booking),
      ['Refund', `${formatCents(input.refundCents)} (${input.percent}%)`],
    ],
    action: { label: 'View my bookings', url: appLink(input.publicUrl, '/bookings') },
    outro: [
      input.refundCents > 0
        ? `${formatCents(input.refundCents)} goes back to the card you paid with; it usually appears within 5-10 business days.`
        : 'Under the cancellation policy of this booking, nothing is refunded this close to the start.',
    ],
  });
}

export function rescheduledEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  from: Date;
  to: 'customer' | 'partner';
  recipientName: string;
}): RenderedEmail {
  const { booking } = input;
  return layoutEmail({
    subject: `Moved: ${booking.serviceName} is now ${formatTorontoDateTime(booking.startsAt)}`,
    heading: 'A booking has a new time',
    intro: [
      `Hi ${input.recipientName},`,
      input.to === 'customer'
        ? 'Your booking is moved. Your payment stays as it was.'
        : `${booking.customerName} moved their booking to a new time.`,
    ],
    details: [
      ['Was', formatTorontoDateTime(input.from)],
      ['Now', formatTorontoDateTime(booking.startsAt)],
      ...bookingDetails(booking).filter(([label]) => label !== 'Date and time'),
    ],
    action:
      input.to === 'customer'
        ? { label: 'View my bookings', url: appLink(input.publicUrl, '/bookings') }
        : { label: 'Open your dashboard', url: appLink(input.publicUrl, '/partner-dashboard') },
  });
}

export function noShowEmail(input: { publicUrl: string; booking: BookingSummary; supportEmail: string }) {
  const { booking } = input;
  return layoutEmail({
    subject: `Missed appointment: ${booking.serviceName} (${booking.reference})`,
    heading: 'The professional marked you absent',
    intro: [
      `Hi ${booking.customerName},`,
      `${booking.providerName} recorded that nobody was there for this booking, so it is not refunded.`,
    ],
    details: bookingDetails(booking),
    outro: [
      `If you were there, reply to this e-mail or write to ${input.supportEmail} with your reference: we look into every case.`,
    ],
  });
}

export function disputeOpenedEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  partnerName: string;
}) {
  const { booking } = input;
  return layoutEmail({
    subject: `A customer reported a missed appointment (${booking.reference})`,
    heading: 'A customer says nobody came',
    intro: [
      `Hi ${input.partnerName},`,
      `${booking.customerName} reported that the professional did not come for this booking. Trillium reviews it and decides whether it is refunded; you may hear from us.`,
    ],
    details: bookingDetails(booking),
    action: { label: 'Open your dashboard', url: appLink(input.publicUrl, '/partner-dashboard') },
  });
}

export function disputeResolvedEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  outcome: 'refunded' | 'completed';
  recipientName: string;
}) {
  const { booking } = input;
  return layoutEmail({
    subject: `Decided: the report on ${booking.serviceName} (${booking.reference})`,
    heading: 'We looked into the missed appointment',
    intro: [
      `Hi ${input.recipientName},`,
      input.outcome === 'refunded'
        ? `We refunded ${formatCents(booking.amountCents)} in full to the customer's card.`
        : 'We found the service took place: the booking counts as completed and is not refunded.',
    ],
    details: bookingDetails(booking),
  });
}
