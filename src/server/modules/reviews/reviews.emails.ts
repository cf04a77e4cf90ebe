import { appLink, layoutEmail, type RenderedEmail } from '../email/email.templates';

/** What the author of a review hears when an admin hides it or shows it again (docs/product.md §8). */
export function reviewModeratedEmail(input: {
  publicUrl: string;
  fullName: string;
  providerName: string;
  decision: 'hide' | 'restore';
  reason: string;
}): RenderedEmail {
  const hidden = input.decision === 'hide';
  return layoutEmail({
    subject: hidden
      ? `Your review of ${input.providerName} was hidden`
      : `Your review of ${input.providerName} is shown again`,
    heading: hidden ? 'Your review was hidden' : 'Your review is shown again',
    intro: [
      `Hi ${input.fullName},`,
      hidden
        ? `After a report, our team looked at your review of ${input.providerName} and hid it: it no longer appears on ${input.providerName}'s page or in its rating.`
        : `Our team looked at your review of ${input.providerName} again: it appears on ${input.providerName}'s page and counts in its rating again.`,
    ],
    details: [['Reason', input.reason]],
    action: { label: 'Open my bookings', url: appLink(input.publicUrl, '/bookings') },
    outro: [
      hidden
        ? 'If you think this is a mistake, reply to this e-mail and tell us why.'
        : 'Thank you for your patience.',
    ],
  });
}
