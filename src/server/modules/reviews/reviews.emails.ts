import { appLink, bilingual, type LocalizedEmail, layoutEmail } from '../email/email.templates';

/** What the author of a review hears when an admin hides it or shows it again (docs/product.md §8). */
export function reviewModeratedEmail(input: {
  publicUrl: string;
  fullName: string;
  providerName: string;
  decision: 'hide' | 'restore';
  reason: string;
}): LocalizedEmail {
  const hidden = input.decision === 'hide';
  const provider = input.providerName;
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: hidden
          ? t('moderated.hiddenSubject', { provider })
          : t('moderated.shownSubject', { provider }),
        heading: hidden ? t('moderated.hiddenHeading') : t('moderated.shownHeading'),
        intro: [
          t('greeting', { name: input.fullName }),
          hidden ? t('moderated.hiddenIntro', { provider }) : t('moderated.shownIntro', { provider }),
        ],
        details: [[t('label.reason'), input.reason]],
        action: { label: t('moderated.action'), url: appLink(input.publicUrl, '/bookings', {}, locale) },
        outro: [hidden ? t('moderated.hiddenOutro') : t('moderated.shownOutro')],
      },
      locale,
    ),
  );
}
