import { formatCents } from '../../../shared/domain/money';
import { appLink, formatTorontoDateTime, layoutEmail, type RenderedEmail } from './email.templates';

/** Privacy and consent (docs/product.md §15): the promotional e-mail and the goodbye of a deleted account. */

export function promotionalEmail(input: {
  publicUrl: string;
  fullName: string;
  subject: string;
  message: string;
  promotion: { code: string | null; linkUrl: string; endDate: Date } | null;
  unsubscribeUrl: string;
}): RenderedEmail {
  const paragraphs = input.message
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const { promotion } = input;
  return layoutEmail({
    subject: input.subject,
    heading: input.subject,
    intro: [`Hi ${input.fullName},`, ...paragraphs],
    details: promotion
      ? [
          ...(promotion.code ? ([['Code', promotion.code]] as Array<[string, string]>) : []),
          ['Ends', formatTorontoDateTime(promotion.endDate)],
        ]
      : undefined,
    action: {
      label: promotion ? 'See the offer' : 'Open Trillium',
      url: appLink(input.publicUrl, promotion?.linkUrl.startsWith('/') ? promotion.linkUrl : '/promotions'),
    },
    unsubscribe: {
      url: input.unsubscribeUrl,
      why: 'You receive this because you turned on Promotional Messages in your Trillium settings. One click stops them:',
    },
  });
}

export function accountDeletedEmail(input: {
  fullName: string;
  cancelled: Array<{
    reference: string;
    serviceTitle: string;
    providerName: string;
    startsAt: Date;
    refundCents: number;
  }>;
  listingName: string | null;
}): RenderedEmail {
  const total = input.cancelled.reduce((sum, b) => sum + b.refundCents, 0);
  return layoutEmail({
    subject: 'Your Trillium account is deleted',
    heading: 'Your account is deleted',
    intro: [
      `Hi ${input.fullName},`,
      'As you asked, your Trillium account and your personal information are deleted. You are signed out everywhere, and you can sign up again with this address whenever you like.',
      ...(input.cancelled.length > 0
        ? [
            `Your upcoming bookings were cancelled under their cancellation policies. ${formatCents(total)} goes back to the card you paid with; it usually appears within 5-10 business days.`,
          ]
        : []),
      ...(input.listingName
        ? [
            `${input.listingName} is no longer listed on Trillium; its upcoming bookings were cancelled and their customers refunded in full.`,
          ]
        : []),
    ],
    details: input.cancelled.map((b) => [
      `${b.reference}`,
      `${b.serviceTitle} with ${b.providerName}, ${formatTorontoDateTime(b.startsAt)}: refund ${formatCents(b.refundCents)}`,
    ]),
    outro: [
      'Records of payments and refunds are kept, without your name or contact details, for the 7 years Canadian tax law requires. This message is erased from our systems once it is sent.',
    ],
  });
}
