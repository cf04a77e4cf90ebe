import { appLink, layoutEmail, type RenderedEmail } from './email.templates';

/** What an account holder is told when its e-mail address changes (docs/product.md §2). */

export function confirmNewEmailEmail(input: {
  publicUrl: string;
  fullName: string;
  newEmail: string;
  token: string;
}): RenderedEmail {
  return layoutEmail({
    subject: 'Confirm your new e-mail address for Trillium',
    heading: 'Confirm your new e-mail address',
    intro: [
      `Hi ${input.fullName},`,
      `You asked to use ${input.newEmail} for your Trillium account. Open the link below to confirm it. Until you do, your account keeps its current address.`,
    ],
    action: {
      label: 'Confirm this address',
      url: appLink(input.publicUrl, '/account/email-change/confirm', { token: input.token }),
    },
    outro: ['The link works once, for 24 hours. If you did not ask for this, ignore this e-mail.'],
  });
}

export function emailChangeNoticeEmail(input: {
  publicUrl: string;
  fullName: string;
  newEmail: string;
  token: string;
}): RenderedEmail {
  return layoutEmail({
    subject: 'Your Trillium e-mail address is being changed',
    heading: 'Your e-mail address is being changed',
    intro: [
      `Hi ${input.fullName},`,
      `Someone signed in to your Trillium account asked to change its e-mail address to ${input.newEmail}. The change happens once that address is confirmed.`,
      'If this was you, there is nothing to do.',
    ],
    action: {
      label: "This wasn't me",
      url: appLink(input.publicUrl, '/account/email-change/revert', { token: input.token }),
    },
    outro: [
      '"This wasn\'t me" keeps (or puts back) this address and signs every device out of your account. Then change your password. The link works for 7 days.',
    ],
  });
}
