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
};
