import type { CancellationPolicy } from '../../../shared/domain/cancellation-policy';
import { formatBookedTime } from '../../../shared/domain/dates';
import { formatCents } from '../../../shared/domain/money';
import { LOCALE_TAGS, LOCALES, type Locale, localizePath } from '../../../shared/i18n/locales';
import { DEFAULT_POSTAL_ADDRESS } from '../../env';
import { type EmailKey, emailText, type MessageValues } from '../../i18n/server-i18n';

/** One language's e-mail. */
export type RenderedEmail = { subject: string; text: string; html: string };

/**
 * What every template returns: the e-mail in each language (`localized`), and the English one at the
 * top level. `enqueueEmail` takes it with a recipient and a kind, and keeps the recipient's language
 * (docs/decisions/013-english-and-french.md).
 */
export type LocalizedEmail = RenderedEmail & { localized: Record<Locale, RenderedEmail> };

/** A language's e-mail texts (src/server/locales/<language>/email.json). */
export type EmailT = (key: EmailKey, values?: MessageValues) => string;

/** Renders a template once per language. */
export function bilingual(render: (locale: Locale, t: EmailT) => RenderedEmail): LocalizedEmail {
  const localized = Object.fromEntries(
    LOCALES.map((locale) => [locale, render(locale, (key, values) => emailText(locale, key, values))]),
  ) as Record<Locale, RenderedEmail>;
  return { ...localized.en, localized };
}

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

/**
 * Who sends Trillium's e-mails, in every footer (CASL asks for the sender's name and a postal address):
 * the postal address is the `MAIL_POSTAL_ADDRESS` setting, given once at start (`buildApp`).
 */
const identity = { postalAddress: DEFAULT_POSTAL_ADDRESS };

export function configureMailIdentity(input: { postalAddress: string }) {
  identity.postalAddress = input.postalAddress;
}

/**
 * A booked time as a person in Ontario reads it, as the screens show it: `Monday, November 23, 2026 at
 * 2:00 PM ET`, `lundi 23 novembre 2026, 14 h 00 HE`.
 */
export function formatTorontoDateTime(instant: Date, locale: Locale = 'en'): string {
  return formatBookedTime(instant, locale);
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * An absolute link into the app: `publicUrl` (no trailing slash) + path + query; a page in French is
 * its `/fr` twin. API addresses (`/api/...`) have no language.
 */
export function appLink(
  publicUrl: string,
  path: string,
  query: Record<string, string> = {},
  locale: Locale = 'en',
): string {
  const localized = path.startsWith('/api/') ? path : localizePath(path, locale);
  const url = new URL(localized, `${publicUrl.replace(/\/+$/, '')}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** The Trillium layout: evergreen band, off-white body, one optional button, the footer. */
export function layoutEmail(content: EmailContent, locale: Locale = 'en'): RenderedEmail {
  const t: EmailT = (key, values) => emailText(locale, key, values);
  const FOOTER = t('layout.footer');
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
    ? `<p style="margin:8px 0 24px;"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${EVERGREEN};color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 24px;border-radius:6px;">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${MUTED};">${escapeHtml(t('layout.buttonFallback'))}<br><a href="${escapeHtml(content.action.url)}" style="color:${EVERGREEN};word-break:break-all;">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = [
    '<!doctype html>',
    `<html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>`,
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
        ? `<br><br>${escapeHtml(content.unsubscribe.why)} <a href="${escapeHtml(content.unsubscribe.url)}" style="color:${EVERGREEN};">${escapeHtml(t('layout.unsubscribe'))}</a>`
        : ''
    }</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');

  // French puts a no-break space before a colon ("Montant : 103,39 $"), English none.
  const colon = locale === 'fr' ? '\u00a0: ' : ': ';
  const text = [
    content.heading,
    '',
    ...content.intro.flatMap((p) => [p, '']),
    ...(content.details?.length
      ? [...content.details.map(([label, value]) => `${label}${colon}${value}`), '']
      : []),
    ...(content.action ? [`${content.action.label}${colon}${content.action.url}`, ''] : []),
    ...(content.outro ?? []).flatMap((p) => [p, '']),
    '--',
    FOOTER,
    identity.postalAddress,
    ...(content.unsubscribe
      ? ['', content.unsubscribe.why, `${t('layout.unsubscribe')}${colon}${content.unsubscribe.url}`]
      : []),
  ].join('\n');

  return { subject: content.subject, text, html };
}

export function passwordResetEmail(input: {
  publicUrl: string;
  email: string;
  token: string;
}): LocalizedEmail {
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('reset.subject'),
        heading: t('reset.heading'),
        intro: [t('reset.intro')],
        action: {
          label: t('reset.action'),
          url: appLink(
            input.publicUrl,
            '/auth',
            { tab: 'reset', token: input.token, email: input.email },
            locale,
          ),
        },
        outro: [t('reset.valid'), t('reset.ignore')],
      },
      locale,
    ),
  );
}

export function emailVerificationEmail(input: {
  publicUrl: string;
  email: string;
  token: string;
  businessName: string;
}): LocalizedEmail {
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('verify.subject'),
        heading: t('verify.heading'),
        intro: [t('verify.thanks', { business: input.businessName }), t('verify.please')],
        action: {
          label: t('verify.action'),
          url: appLink(input.publicUrl, '/verify-email', { token: input.token, email: input.email }, locale),
        },
        outro: [t('verify.valid'), t('verify.review')],
      },
      locale,
    ),
  );
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
  /** The same policy by name: e-mails in French say it in French. */
  policyKey?: CancellationPolicy;
};

export function bookingDetails(
  booking: BookingSummary,
  locale: Locale = 'en',
): Array<[label: string, value: string]> {
  const t: EmailT = (key, values) => emailText(locale, key, values);
  const policy = booking.policyKey ? t(`policy.${booking.policyKey}`) : booking.policy;
  return [
    [t('label.reference'), booking.reference],
    [t('label.service'), booking.serviceName],
    [t('label.provider'), booking.providerName],
    [t('label.dateTime'), formatTorontoDateTime(booking.startsAt, locale)],
    [t('label.amount'), formatCents(booking.amountCents, locale)],
    ...(policy ? ([[t('label.policy'), policy]] as Array<[string, string]>) : []),
  ];
}

export function bookingConfirmationEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
}): LocalizedEmail {
  const { booking } = input;
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('confirmed.subject', { service: booking.serviceName, reference: booking.reference }),
        heading: t('confirmed.heading'),
        intro: [
          t('greeting', { name: booking.customerName }),
          t('confirmed.intro', { provider: booking.providerName }),
        ],
        details: bookingDetails(booking, locale),
        action: { label: t('action.viewBookings'), url: appLink(input.publicUrl, '/bookings', {}, locale) },
        outro: [t('confirmed.outro')],
      },
      locale,
    ),
  );
}

/** Who cancelled a booking the customer did not cancel, and their reason when they gave one. */
export type CancelledBy = { by: 'partner' | 'admin'; reason?: string | null };

export function bookingCancelledEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  refundCents: number;
  /** Who cancelled and why, in a sentence for the customer (`The professional cancelled: ...`). */
  why?: string;
  /** The same, said in the recipient's language (preferred over `why`). */
  cancelledBy?: CancelledBy;
}): LocalizedEmail {
  const { booking } = input;
  return bilingual((locale, t) => {
    const who = input.cancelledBy;
    const why = who
      ? who.by === 'partner'
        ? who.reason
          ? t('cancelled.byPartnerReason', { provider: booking.providerName, reason: who.reason })
          : t('cancelled.byPartner', { provider: booking.providerName })
        : who.reason
          ? t('cancelled.byTrilliumReason', { reason: who.reason })
          : t('cancelled.byTrillium')
      : (input.why ?? t('cancelled.default'));
    return layoutEmail(
      {
        subject: t('cancelled.subject', { service: booking.serviceName, reference: booking.reference }),
        heading: t('cancelled.heading'),
        intro: [t('greeting', { name: booking.customerName }), why],
        details: [
          ...bookingDetails(booking, locale),
          [t('label.refund'), formatCents(input.refundCents, locale)],
        ],
        action: { label: t('action.viewBookings'), url: appLink(input.publicUrl, '/bookings', {}, locale) },
        outro: [
          input.refundCents > 0
            ? t('cancelled.refund', { amount: formatCents(input.refundCents, locale) })
            : t('cancelled.noRefund'),
        ],
      },
      locale,
    );
  });
}

export function supportRequestEmail(input: {
  subject: string;
  category: string;
  message: string;
  fromName: string;
  fromEmail: string;
}): LocalizedEmail {
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('support.subject', { subject: input.subject }),
        heading: t('support.heading'),
        intro: [t('support.intro', { name: input.fromName })],
        details: [
          [t('label.from'), `${input.fromName} <${input.fromEmail}>`],
          [t('label.category'), input.category],
          [t('label.subject'), input.subject],
          [t('label.message'), input.message],
        ],
      },
      locale,
    ),
  );
}

export function testEmail(input: { publicUrl: string; recipientName: string }): LocalizedEmail {
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('test.subject'),
        heading: t('test.heading'),
        intro: [t('greeting', { name: input.recipientName }), t('test.intro')],
        action: { label: t('test.action'), url: appLink(input.publicUrl, '/', {}, locale) },
      },
      locale,
    ),
  );
}

export function passwordChangedEmail(input: { publicUrl: string; fullName: string }): LocalizedEmail {
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('passwordChanged.subject'),
        heading: t('passwordChanged.heading'),
        intro: [t('greeting', { name: input.fullName }), t('passwordChanged.intro')],
        action: { label: t('passwordChanged.action'), url: appLink(input.publicUrl, '/auth', {}, locale) },
        outro: [t('passwordChanged.outro')],
      },
      locale,
    ),
  );
}
