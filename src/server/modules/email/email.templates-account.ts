import { appLink, bilingual, type LocalizedEmail, layoutEmail } from './email.templates';

/** What an account holder is told when its e-mail address changes (docs/product.md §2). */

export function confirmNewEmailEmail(input: {
  publicUrl: string;
  fullName: string;
  newEmail: string;
  token: string;
}): LocalizedEmail {
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('confirmNew.subject'),
        heading: t('confirmNew.heading'),
        intro: [t('greeting', { name: input.fullName }), t('confirmNew.intro', { email: input.newEmail })],
        action: {
          label: t('confirmNew.action'),
          url: appLink(input.publicUrl, '/account/email-change/confirm', { token: input.token }, locale),
        },
        outro: [t('confirmNew.outro')],
      },
      locale,
    ),
  );
}

export function emailChangeNoticeEmail(input: {
  publicUrl: string;
  fullName: string;
  newEmail: string;
  token: string;
}): LocalizedEmail {
  return bilingual((locale, t) =>
    layoutEmail(
      {
        subject: t('changeNotice.subject'),
        heading: t('changeNotice.heading'),
        intro: [
          t('greeting', { name: input.fullName }),
          t('changeNotice.intro', { email: input.newEmail }),
          t('changeNotice.ok'),
        ],
        action: {
          label: t('changeNotice.action'),
          url: appLink(input.publicUrl, '/account/email-change/revert', { token: input.token }, locale),
        },
        outro: [t('changeNotice.outro')],
      },
      locale,
    ),
  );
}
