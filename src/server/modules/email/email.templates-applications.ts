import { appLink, bilingual, type LocalizedEmail, layoutEmail } from './email.templates';

/** What an applicant is told when an admin decides (docs/product.md §11). */

export type ApplicationDecision =
  | { outcome: 'approved' }
  | { outcome: 'rejected'; reason: string }
  | { outcome: 'more_info'; needed: string };

export function applicationDecisionEmail(input: {
  publicUrl: string;
  fullName: string;
  businessName: string;
  decision: ApplicationDecision;
}): LocalizedEmail {
  const { decision } = input;
  const business = input.businessName;
  return bilingual((locale, t) => {
    const greeting = t('greeting', { name: input.fullName });
    if (decision.outcome === 'approved') {
      return layoutEmail(
        {
          subject: t('approved.subject', { business }),
          heading: t('approved.heading'),
          intro: [greeting, t('approved.intro', { business })],
          action: {
            label: t('approved.action'),
            url: appLink(input.publicUrl, '/partner-dashboard', {}, locale),
          },
        },
        locale,
      );
    }
    if (decision.outcome === 'rejected') {
      return layoutEmail(
        {
          subject: t('rejected.subject', { business }),
          heading: t('rejected.heading'),
          intro: [greeting, t('rejected.intro', { business })],
          details: [[t('label.reason'), decision.reason]],
          outro: [t('rejected.outro')],
        },
        locale,
      );
    }
    return layoutEmail(
      {
        subject: t('moreInfo.subject', { business }),
        heading: t('moreInfo.heading'),
        intro: [greeting, t('moreInfo.intro', { business })],
        details: [[t('label.whatWeNeed'), decision.needed]],
        outro: [t('moreInfo.outro')],
      },
      locale,
    );
  });
}
