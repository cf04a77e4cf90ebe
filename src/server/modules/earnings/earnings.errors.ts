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
  noListing: () =>
    new AppError(
      404,
      'payouts.no_listing',
      'Your account has no listing yet, so there is nothing to pay out.',
    ),
  noOnboarding: () =>
    new AppError(
      409,
      'payouts.no_onboarding',
      'Payouts are made by Trillium directly here: there is nothing to set up.',
    ),
  processorAway: () =>
    new AppError(
      502,
      'payouts.processor_unavailable',
      'Stripe could not be reached. Please try again in a moment.',
    ),
  badSignature: () => new AppError(400, 'payouts.bad_signature', 'The webhook signature is not valid.'),
};
