import { AppError } from '../../errors';

export const privacyErrors = {
  unsubscribeLinkInvalid: () =>
    new AppError(
      400,
      'privacy.unsubscribe_link_invalid',
      'This unsubscribe link is not valid. Open it again from the e-mail, or turn off Promotional Messages under Settings.',
    ),
  lastAdmin: () =>
    new AppError(
      409,
      'privacy.last_admin',
      'You are the only admin. Make another person an admin (npm run create-admin) before deleting your account.',
    ),
  personNotFound: () => new AppError(404, 'privacy.person_not_found', 'No account has this id.'),
  promotionNotFound: () =>
    new AppError(404, 'privacy.promotion_not_found', 'That promotion does not exist any more.'),
  promotionNotCurrent: () =>
    new AppError(
      409,
      'privacy.promotion_not_current',
      'That promotion is not on now (switched off, ended or not started): customers could not use its code.',
    ),
};
