import type { Locale } from '../../../shared/i18n/locales';
import {
  appLink,
  type BookingSummary,
  bilingual,
  bookingDetails,
  formatTorontoDateTime,
  type LocalizedEmail,
  layoutEmail,
} from './email.templates';

/** Reminders before a booking and the "How was it?" note after it (docs/product.md §10). */

const LEADS = { tomorrow: 'reminder.tomorrow', 'in 2 hours': 'reminder.in2h' } as const;

export function bookingReminderEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  /** "tomorrow" (24 hours ahead) or "in 2 hours". */
  when: string;
  /** Where: the service address, or the provider's place. */
  place: string;
  /**
   * What cancelling now would give back, in one sentence (in the e-mail's language when a function);
   * null when it can no longer be cancelled.
   */
  refundNow: string | ((locale: Locale) => string) | null;
  canReschedule: boolean;
}): LocalizedEmail {
  const { booking } = input;
  return bilingual((locale, t) => {
    const leadKey = LEADS[input.when as keyof typeof LEADS];
    const lead = leadKey ? t(leadKey) : input.when;
    const amountLabel = t('label.amount');
    const refund = typeof input.refundNow === 'function' ? input.refundNow(locale) : input.refundNow;
    const changes = refund
      ? [input.canReschedule ? t('reminder.changeBoth', { refund }) : t('reminder.changeCancel', { refund })]
      : [];
    return layoutEmail(
      {
        subject: t('reminder.subject', {
          service: booking.serviceName,
          lead,
          when: formatTorontoDateTime(booking.startsAt, locale),
        }),
        heading: t('reminder.heading', { lead }),
        intro: [
          t('greeting', { name: booking.customerName }),
          t('reminder.intro', { provider: booking.providerName }),
        ],
        details: [
          ...bookingDetails(booking, locale).filter(([label]) => label !== amountLabel),
          [t('label.where'), input.place],
        ],
        action: { label: t('reminder.action'), url: appLink(input.publicUrl, '/bookings', {}, locale) },
        outro: [...changes, t('reminder.turnOff')],
      },
      locale,
    );
  });
}

/** "How was it?": its button opens My Bookings on this booking's review (`/bookings?review={id}`). */
export function reviewPromptEmail(input: {
  publicUrl: string;
  booking: BookingSummary;
  bookingId: number;
}): LocalizedEmail {
  const { booking } = input;
  const names = { service: booking.serviceName, provider: booking.providerName };
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('reviewPrompt.subject', names),
        heading: t('reviewPrompt.heading'),
        intro: [
          t('greeting', { name: booking.customerName }),
          t('reviewPrompt.intro', { ...names, when: formatTorontoDateTime(booking.startsAt, locale) }),
        ],
        action: {
          label: t('reviewPrompt.action'),
          url: appLink(input.publicUrl, '/bookings', { review: String(input.bookingId) }, locale),
        },
        outro: [t('reviewPrompt.help'), t('reviewPrompt.turnOff')],
      },
      locale,
    ),
  );
}
