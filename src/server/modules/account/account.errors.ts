import { AppError } from '../../errors';

export const accountErrors = {
  emailChangeNeedsPassword: () =>
    new AppError(
      400,
      'account.email_change_needs_password',
      'To change your e-mail, use Change e-mail and confirm your password.',
    ),
  /** A province edited on the profile that is not where the saved postal code is (400, naming the field). */
  provinceNotOfPostalCode: (problem: string) =>
    new AppError(400, 'account.province_mismatch', `province: ${problem}`),
  sameEmail: () => new AppError(400, 'account.same_email', 'That is already your e-mail address.'),
  emailChangeLinkInvalid: () =>
    new AppError(
      400,
      'account.email_change_link_invalid',
      'This link is invalid, was already used or has expired. Ask for a new one under Settings.',
    ),
};
