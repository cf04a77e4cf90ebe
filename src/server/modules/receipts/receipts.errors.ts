import { AppError } from '../../errors';

export const receiptErrors = {
  /** Another customer's booking, a missing one, or a credit note that is not this booking's. */
  notFound: () => new AppError(404, 'receipts.not_found', 'That receipt was not found.'),
  notPaid: () =>
    new AppError(
      409,
      'receipts.not_paid',
      'This booking has no receipt: it was not paid. A receipt is made when the payment goes through.',
    ),
};
