import { formatCents } from '../../../shared/domain/money';
import { formatBookedTime } from '../../../shared/domain/dates';
import { DEFAULT_POSTAL_ADDRESS } from '../../env';

/** What every template returns; `enqueueEmail` takes it with a recipient and a kind. */
export type RenderedEmail = { subject: string; text: string; html: string };

type EmailContent = {
  subject: string;
  heading: string;
  /** Paragraphs before the details and the button. */
  intro: string[];
  /** Label and value rows (booking details, support request fields). */
  details?: Array<[label: string, value: string]>;
  /** One call to action; its URL is also written out in the text body. */
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  outro?: string[];
  /** Promotional e-mails only (CASL): why the person receives it and the one-click unsubscribe link. */
  unsubscribe?: { url: string; why: string };
};

const EVERGREEN = '#1c573a';
const OFF_WHITE = '#faf8f3';
const INK = '#1f2a24';
const MUTED = '#5b665f';
const FOOTER = "Trillium · Ontario's local services marketplace";

/**
 * Who sends Trillium's e-mails, in every footer (CASL asks for the sender's name and a postal address):
 * the postal address is the `MAIL_POSTAL_ADDRESS` setting, given once at start (`buildApp`).
 */
const identity = { postalAddress: DEFAULT_POSTAL_ADDRESS };

export function configureMailIdentity(input: { postalAddress: string }) {
  identity.postalAddress = input.postalAddress;
}

/** A booked time as a person in Ontario reads it, as the screens show it: `Monday, November 23, 2026 at 2:00 PM ET`. */
export function formatTorontoDateTime(instant: Date): string {
  return formatBookedTime(instant);
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** An absolute link into the app: `publicUrl` (no trailing slash) + path + query. */
export function appLink(publicUrl: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${publicUrl.replace(/\/+$/, '')}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** The Trillium layout: evergreen band, off-white body, one optional button, the footer. */
export function layoutEmail(content: EmailContent): RenderedEmail {
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK};">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  const details = content.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;border-collapse:collapse;">${content.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 12px 6px 0;font-size:14px;color:${MUTED};vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</td><td style="padding:6px 0;font-size:15px;color:${INK};">${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = content.action
    ? `<p style="margin:8px 0 24px;"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${EVERGREEN};color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 24px;border-radius:6px;">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${MUTED};">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(content.action.url)}" style="color:${EVERGREEN};word-break:break-all;">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = [
    '<!doctype html>',
    `<html lang="en-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${OFF_WHITE};font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">`,
    `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;background:${OFF_WHITE};"><tr><td align="center" style="padding:24px 12px;">`,
    '<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden;">',
    `<tr><td style="background:${EVERGREEN};padding:20px 28px;color:#ffffff;font-size:22px;font-weight:700;letter-spacing:0.5px;">Trillium</td></tr>`,
    `<tr><td style="padding:28px;background:${OFF_WHITE};">`,
    `<h1 style="margin:0 0 20px;font-size:22px;line-height:30px;color:${EVERGREEN};">${escapeHtml(content.heading)}</h1>`,
    content.intro.map(paragraph).join(''),
    details,
    action,
    (content.outro ?? []).map(paragraph).join(''),
    '</td></tr>',
    `<tr><td style="padding:16px 28px;font-size:12px;line-height:18px;color:${MUTED};border-top:1px solid #e6e2d8;">${escapeHtml(FOOTER)}<br>${escapeHtml(identity.postalAddress)}${
      content.unsubscribe
        ? `<br><br>${escapeHtml(content.unsubscribe.why)} <a href="${escapeHtml(content.unsubscribe.url)}" style="color:${EVERGREEN};">Unsubscribe</a>`
        : ''
    }</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');

  const text = [
    content.heading,
    '',
    ...content.intro.flatMap((p) => [p, '']),
    ...(content.details?.length
      ? [...content.details.map(([label, value]) => `${label}: ${value}`), '']
      : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.outro ?? []).flatMap((p) => [p, '']),
    '--',
    FOOTER,
    identity.postalAddress,
    ...(content.unsubscribe ? ['', content.unsubscribe.why, `Unsubscribe: ${content.unsubscribe.url}`] : []),
  ].join('\n');

  return { subject: content.subject, text, html };
}

export function passwordResetEmail(input: {
  publicUrl: string;
  email: string;
  token: string;
}): RenderedEmail {
  return layoutEmail({
    subject: 'Reset your Trillium password',
    heading: 'Reset your password',
    intro: [
      'We received a request to reset the password of your Trillium account. Choose a new password with the button below.',
    ],
    action: {
      label: 'Reset password',
      url: appLink(input.publicUrl, '/auth', { tab: 'reset', token: input.token, email: input.email }),
    },
    outro: [
      'This link is valid for 1 hour and can be used once.',
      'If you did not ask for a new password, you can ignore this e-mail: your password stays the same.',
    ],
  });
}

export function emailVerificationEmail(input: {
  publicUrl: string;
  email: string;
  token: string;
  businessName: string;
}): RenderedEmail {
  return layoutEmail({
    subject: 'Verify your e-mail for your Trillium application',
    heading: 'Confirm your e-mail address',
    intro: [
      `Thank you for applying to offer your services on Trillium with ${input.businessName}.`,
      'Please confirm your e-mail address so that our team can review your application.',
    ],
    action: {
      label: 'Verify e-mail',
      url: appLink(input.publicUrl, '/verify-email', { token: input.token, email: input.email }),
    },
    outro: [
      'This link is valid for 24 hours.',
      'Our team reviews applications within 24-48 hours and will e-mail you the result.',
    ],
  });
}

export type BookingSummary = {
  customerName: string;
  serviceName: string;
  providerName: string;
  startsAt: Date;
  amountCents: number;
  reference: string;
  /** The cancellation policy the booking was sold under, in words (docs/product.md §9). */
  policy?: string;
};

export function bookingDetails(booking: BookingSummary): Array<[string, string]> {
  return [
    ['Reference', booking.reference],
    ['Service', booking.serviceName],
    ['Provider', booking.providerName],
    ['Date and time', formatTorontoDateTime(booking.startsAt)],
    ['Amount', formatCents(booking.amountCents)],
    ...(booking.policy ? ([['Cancellation policy', booking.policy]] as Array<[string, string]>) : []),
  ];
}

export function bookingConfirmationEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
}): RenderedEmail {
  const { booking } = input;
  return layoutEmail({
    subject: `Booking confirmed: ${booking.serviceName} (${booking.reference})`,
    heading: 'Your booking is confirmed',
    intro: [
      `Hi ${booking.customerName},`,
      `Your payment was received and ${booking.providerName} is expecting you. Here are the details:`,
    ],
    details: bookingDetails(booking),
    action: { label: 'View my bookings', url: appLink(input.publicUrl, '/bookings') },
    outro: ['To change or cancel this booking, contact the provider or Trillium support.'],
  });
}

export function bookingCancelledEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  refundCents: number;
  /** Who cancelled and why, in a sentence for the customer (`The professional cancelled: ...`). */
  why?: string;
}): RenderedEmail {
  const { booking } = input;
  return layoutEmail({
    subject: `Booking cancelled: ${booking.serviceName} (${booking.reference})`,
    heading: 'Your booking was cancelled',
    intro: [`Hi ${booking.customerName},`, input.why ?? 'The following booking has been cancelled:'],
    details: [...bookingDetails(booking), ['Refund', formatCents(input.refundCents)]],
    action: { label: 'View my bookings', url: appLink(input.publicUrl, '/bookings') },
    outro: [
      input.refundCents > 0
        ? `A refund of ${formatCents(input.refundCents)} goes back to the card you paid with; it usually appears within 5-10 business days.`
        : 'No payment was taken for this booking, so there is nothing to refund.',
    ],
  });
}

export function supportRequestEmail(input: {
  subject: string;
  category: string;
  message: string;
  fromName: string;
  fromEmail: string;
}): RenderedEmail {
  return layoutEmail({
    subject: `[Support] ${input.subject}`,
    heading: 'New support request',
    intro: [`${input.fromName} sent a support request.`],
    details: [
      ['From', `${input.fromName} <${input.fromEmail}>`],
      ['Category', input.category],
      ['Subject', input.subject],
      ['Message', input.message],
    ],
  });
}

export function testEmail(input: { publicUrl: string; recipientName: string }): RenderedEmail {
  return layoutEmail({
    subject: 'Trillium test e-mail',
    heading: 'E-mail delivery works',
    intro: [
      `Hi ${input.recipientName},`,
      'This is a test e-mail from Trillium. If you can read it, e-mail delivery is set up correctly.',
    ],
    action: { label: 'Open Trillium', url: appLink(input.publicUrl, '/') },
  });
}

export function passwordChangedEmail(input: { publicUrl: string; fullName: string }): RenderedEmail {
  return layoutEmail({
    subject: 'Your Trillium password was changed',
    heading: 'Your password was changed',
    intro: [
      `Hi ${input.fullName},`,
      'The password of your Trillium account was just changed. If this was you, there is nothing else to do.',
    ],
    action: { label: 'Go to sign in', url: appLink(input.publicUrl, '/auth') },
    outro: [
      'If you did not change it, choose "Forgot password?" on the sign-in page to set a new one right away, and contact Trillium support.',
    ],
  });
}
