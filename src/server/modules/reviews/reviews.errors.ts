import { REVIEW_EDIT_HOURS, REVIEW_PHOTO_LIMITS } from '../../../shared/contract/reviews';
import { AppError } from '../../errors';

/** The reviews area's refusals (docs/product.md §8). Someone else's review is the same 404 as a missing one. */
export const reviewErrors = {
  notFound: () => new AppError(404, 'reviews.not_found', 'No such review.'),
  notAllowed: () =>
    new AppError(
      403,
      'reviews.not_allowed',
      'Only a completed booking can be reviewed, by the customer who booked it.',
    ),
  alreadyReviewed: () =>
    new AppError(409, 'reviews.already_reviewed', 'You have already reviewed this booking.'),
  windowClosed: (days: number) =>
    new AppError(
      409,
      'reviews.window_closed',
      `Reviews can be written within ${days} days of the service.`,
      {},
      {
        values: { days },
      },
    ),
  editWindowClosed: () =>
    new AppError(
      409,
      'reviews.edit_window_closed',
      `A review can be changed for ${REVIEW_EDIT_HOURS} hours after it was posted; this one no longer can.`,
      {},
      { values: { hours: REVIEW_EDIT_HOURS } },
    ),
  hidden: () =>
    new AppError(
      409,
      'reviews.hidden',
      "This review was hidden by Trillium's moderators and can no longer be changed or answered.",
    ),
  ownReview: () => new AppError(409, 'reviews.own_review', 'You cannot report your own review.'),
  alreadyHidden: () =>
    new AppError(
      409,
      'reviews.already_hidden',
      'This review is already hidden. Restore it to show it again.',
    ),
  notHidden: () =>
    new AppError(409, 'reviews.not_hidden', 'This review is not hidden: there is nothing to restore.'),
  nothingReported: () =>
    new AppError(409, 'reviews.no_open_reports', 'This review has no open reports to dismiss.'),
  notMultipart: () =>
    new AppError(400, 'reviews.not_multipart', 'Send the photos as multipart/form-data (field "photos").'),
  noPhotos: () => new AppError(400, 'reviews.no_photos', 'Choose at least one photo to upload.'),
  tooManyPhotos: () =>
    new AppError(
      400,
      'reviews.too_many_photos',
      `A review can have at most ${REVIEW_PHOTO_LIMITS.maxPhotos} photos.`,
      {},
      { values: { max: REVIEW_PHOTO_LIMITS.maxPhotos } },
    ),
  photoTooLarge: (name: string) =>
    new AppError(
      413,
      'reviews.photo_too_large',
      `${name} is larger than 5 MB. Please choose a smaller photo.`,
      {},
      { values: { name } },
    ),
  photoType: (name: string) =>
    new AppError(
      415,
      'reviews.photo_type',
      `${name} is not a JPEG, PNG or WebP photo. Please choose a photo in one of those formats.`,
      {},
      { values: { name } },
    ),
  unknownPhoto: () =>
    new AppError(
      400,
      'reviews.unknown_photo',
      'One of the photos was not uploaded by you, or is already part of a review. Please upload it again.',
    ),
};
