import { AppError } from '../../errors';

export const adminErrors = {
  jobNotFound: () =>
    new AppError(
      404,
      'admin.job_not_found',
      'That failed job was not found: it may have been retried already.',
    ),
  applicationNotFound: () =>
    new AppError(404, 'admin.application_not_found', 'That application was not found.'),
  applicationFinal: (status: string) =>
    new AppError(
      409,
      'applications.already_decided',
      `This application is already ${status}; approved and rejected applications are final.`,
      {},
      { values: { status } },
    ),
  categoryRequired: () =>
    new AppError(400, 'applications.category_required', 'Please select a category for approval.'),
  unknownCategory: () =>
    new AppError(
      400,
      'applications.unknown_category',
      'That category does not exist. Please choose another.',
    ),
  reasonRequired: () =>
    new AppError(400, 'applications.reason_required', 'Please give a reason for the rejection.'),
  alreadyAsked: () =>
    new AppError(
      409,
      'applications.already_asked',
      'This application is already waiting for the applicant to answer a question; you can decide once they have.',
    ),
  questionRequired: () =>
    new AppError(400, 'applications.question_required', 'Please say what extra information is needed.'),
  emailNotVerified: () =>
    new AppError(
      409,
      'applications.email_not_verified',
      'The applicant has not verified their e-mail address yet, so the application cannot be approved.',
    ),
  alreadyListed: () =>
    new AppError(409, 'applications.already_listed', 'This applicant already has a listing on Trillium.'),
  userNotFound: () => new AppError(404, 'users.not_found', 'That user was not found.'),
  adminLocked: () =>
    new AppError(403, 'users.admin_locked', 'Admin accounts cannot be changed from the dashboard.'),
  partnerHasListing: () =>
    new AppError(
      409,
      'users.partner_has_listing',
      'This partner has a published listing: customers book it and only a partner can manage those bookings. It stays a partner account.',
    ),
};
