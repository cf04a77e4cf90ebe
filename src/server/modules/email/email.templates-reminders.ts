import {
  appLink,
  type BookingSummary,
  bookingDetails,
  formatTorontoDateTime,
  layoutEmail,
  type RenderedEmail,
} from './email.templates';

/** Reminders before a booking and the "How was it?" note after it (docs/product.md §10). */

export function bookingReminderEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  /** "tomorrow" (24 hours ahead) or "in 2 hours". */
  when: string;
  /** Where: the service address, or the provider's place. */
  place: string;
  /** What cancelling now would give back, in one sentence; null when it can no longer be cancelled. */
  refundNow: string | null;
  canReschedule: boolean;
}): RenderedEmail {
  const { booking } = input;
  const changes = input.refundNow
    ? [
        `Need to change plans? You can ${input.canReschedule ? 'reschedule or cancel' : 'cancel'} from My Bookings. ${input.refundNow}`,
      ]
    : [];
  return layoutEmail({
    subject: `Reminder: ${booking.serviceName} ${input.when}, ${formatTorontoDateTime(booking.startsAt)}`,
    heading: `Your booking is ${input.when}`,
    intro: [
      `Hi ${booking.customerName},`,
      `This is a reminder of your booking with ${booking.providerName}.`,
    ],
    details: [...bookingDetails(booking).filter(([label]) => label !== 'Amount'), ['Where', input.place]],
    action: { label: 'View my booking', url: appLink(input.publicUrl, '/bookings') },
    outro: [...changes, 'You can turn these reminders off under Settings, Email Notifications.'],
  });
}

/** "How was it?": its button opens My Bookings on this booking's review (`/bookings?review={id}`). */
export function reviewPromptEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  bookingId: number;
}): RenderedEmail {
  const { booking } = input;
  return layoutEmail({
    subject: `How was ${booking.serviceName} with ${booking.providerName}?`,
    heading: 'How was it?',
    intro: [
      `Hi ${booking.customerName},`,
      `Your ${booking.serviceName} with ${booking.providerName} on ${formatTorontoDateTime(booking.startsAt)} is done. A few words about how it went help the next customer choose, and help ${booking.providerName} too.`,
    ],
    action: {
      label: 'Leave a review',
      url: appLink(input.publicUrl, '/bookings', { review: String(input.bookingId) }),
    },
    outro: [
      'If something went wrong, reply to this e-mail and our team will help.',
      'You can turn these e-mails off under Settings, Email Notifications.',
    ],
  });
}
