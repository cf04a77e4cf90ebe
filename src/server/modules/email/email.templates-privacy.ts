import { formatCents } from '../../../shared/domain/money';
import {
  appLink,
  bilingual,
  formatTorontoDateTime,
  type LocalizedEmail,
  layoutEmail,
} from './email.templates';

/** Privacy and consent (docs/product.md §15): the promotional e-mail and the goodbye of a deleted account. */

export function promotionalEmail(input: {
  publicUrl: string;
  fullName: string;
  subject: string;
  message: string;
  promotion: { code: string | null; linkUrl: string; endDate: Date } | null;
  unsubscribeUrl: string;
}): LocalizedEmail {
  const paragraphs = input.message
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const { promotion } = input;
  // The subject and message are the admin's own words, sent as written.
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: input.subject,
        heading: input.subject,
        intro: [t('greeting', { name: input.fullName }), ...paragraphs],
        details: promotion
          ? [
              ...(promotion.code ? ([[t('label.code'), promotion.code]] as Array<[string, string]>) : []),
              [t('label.ends'), formatTorontoDateTime(promotion.endDate, locale)],
            ]
          : undefined,
        action: {
          label: promotion ? t('promo.seeOffer') : t('promo.open'),
          url: appLink(
            input.publicUrl,
            promotion?.linkUrl.startsWith('/') ? promotion.linkUrl : '/promotions',
            {},
            locale,
          ),
        },
        unsubscribe: { url: input.unsubscribeUrl, why: t('promo.why') },
      },
      locale,
    ),
  );
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
}): LocalizedEmail {
  const total = input.cancelled.reduce((sum, b) => sum + b.refundCents, 0);
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('deleted.subject'),
        heading: t('deleted.heading'),
        intro: [
          t('greeting', { name: input.fullName }),
          t('deleted.intro'),
          ...(input.cancelled.length > 0
            ? [t('deleted.bookings', { amount: formatCents(total, locale) })]
            : []),
          ...(input.listingName ? [t('deleted.listing', { listing: input.listingName })] : []),
        ],
        details: input.cancelled.map((b) => [
          `${b.reference}`,
          t('deleted.line', {
            service: b.serviceTitle,
            provider: b.providerName,
            when: formatTorontoDateTime(b.startsAt, locale),
            amount: formatCents(b.refundCents, locale),
          }),
        ]),
        outro: [t('deleted.outro')],
      },
      locale,
    ),
  );
}
