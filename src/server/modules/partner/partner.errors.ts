import { AppError } from '../../errors';

export const partnerErrors = {
  noListing: () =>
    new AppError(
      404,
      'partner.no_listing',
      'Your account has no listing yet. Contact Trillium support if your application was approved.',
    ),
  unknownPhoto: () =>
    new AppError(400, 'partner.unknown_photo', 'Upload the photo first (an image file: JPG, PNG, etc.).'),
  timeOffPast: () =>
    new AppError(400, 'partner.time_off_past', 'Those days have passed. Please choose today or later.'),
  timeOffTooLong: () =>
    new AppError(400, 'partner.time_off_too_long', 'Time off can be planned up to a year ahead.'),
  timeOffNotFound: () => new AppError(404, 'partner.time_off_not_found', 'That time off was not found.'),
};
