import { AppError } from '../../errors';

export const earningsErrors = {
  payoutNotFound: () => new AppError(404, 'payouts.not_found', 'That payout was not found.'),
  notFailed: () => new AppError(409, 'payouts.not_failed', 'Only a failed payout can be sent again.'),
  alreadyRepaid: () =>
    new AppError(
      409,
      'payouts.already_repaid',
      'The money of this payout was paid in a later payout already; nothing is left to send.',
    ),
};
