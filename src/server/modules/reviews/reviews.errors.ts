import { AppError } from '../../errors';

export const reviewErrors = {
  notAllowed: () =>
    new AppError(
      403,
      'reviews.not_allowed',
      'Only a completed booking can be reviewed, by the customer who booked it.',
    ),
  alreadyReviewed: () =>
    new AppError(409, 'reviews.already_reviewed', 'You have already reviewed this booking.'),
  windowClosed: (days: number) =>
    new AppError(409, 'reviews.window_closed', `Reviews can be written within ${days} days of the service.`),
};
