import { AppError } from '../../errors';

export const applicationErrors = {
  noApplication: () =>
    new AppError(404, 'applications.not_found', 'You have no professional application yet.'),
  nothingAsked: (status: string) =>
    new AppError(
      409,
      'applications.nothing_asked',
      status === 'pending'
        ? 'Your application is already in review: there is no question to answer right now.'
        : `Your application is ${status.replace('_', ' ')}: there is no question to answer.`,
      {},
      {
        key: status === 'pending' ? 'applications.nothing_asked.pending' : 'applications.nothing_asked',
        values: { status },
      },
    ),
  emailTaken: () =>
    new AppError(
      409,
      'applications.email_taken',
      'This email is already registered. Please use a different email.',
    ),
  unknownDocuments: () =>
    new AppError(
      400,
      'applications.unknown_documents',
      'One or more documents were not uploaded. Please upload them again.',
    ),
  unknownPriceList: () =>
    new AppError(400, 'applications.unknown_price_list', 'Upload a price list or add prices manually.'),
  unknownProfileImage: () =>
    new AppError(400, 'applications.unknown_profile_image', 'Upload an image file (JPG, PNG, etc.)'),
  profileImageTooLarge: () =>
    new AppError(413, 'applications.profile_image_too_large', 'Profile image must be less than 5MB.'),
  missingToken: () =>
    new AppError(
      400,
      'applications.verification_missing_token',
      'Invalid verification link - missing token.',
    ),
  invalidToken: () =>
    new AppError(
      400,
      'applications.verification_invalid',
      'Invalid verification link. Please check the link in your e-mail or submit a new application.',
    ),
  tokenUsed: () =>
    new AppError(
      409,
      'applications.verification_used',
      'This verification link has already been used. Your e-mail address is already verified.',
    ),
  tokenExpired: () =>
    new AppError(
      410,
      'applications.verification_expired',
      'This verification link has expired: links are valid for 24 hours. Please submit a new application.',
    ),
};

export const documentErrors = {
  tooLarge: (kind: 'document' | 'profile_image' | 'price_list', name: string) =>
    new AppError(
      413,
      'documents.file_too_large',
      kind === 'profile_image'
        ? 'Profile image must be less than 5MB.'
        : kind === 'price_list'
          ? 'Price list must be less than 10MB.'
          : `${name} is too large. Maximum size is 10MB.`,
      {},
      { key: `documents.file_too_large.${kind}`, values: { name } },
    ),
  invalidType: (kind: 'document' | 'profile_image' | 'price_list', name: string) =>
    new AppError(
      415,
      'documents.invalid_type',
      kind === 'profile_image'
        ? 'Upload an image file (JPG, PNG, etc.)'
        : kind === 'price_list'
          ? 'Please upload PDF, Excel, or Image files only.'
          : `${name} is not a PDF, JPG, PNG, DOC or DOCX file.`,
      {},
      { key: `documents.invalid_type.${kind}`, values: { name } },
    ),
  tooManyFiles: () =>
    new AppError(413, 'documents.too_many_files', 'You can upload at most 10 files at once.'),
  noFiles: () => new AppError(400, 'documents.no_files', 'Please choose at least one file to upload.'),
  notMultipart: () =>
    new AppError(
      415,
      'documents.not_multipart',
      'Send the files as multipart/form-data in the field "files".',
    ),
  notFound: () => new AppError(404, 'documents.not_found', 'Document not found'),
  forbidden: () => new AppError(403, 'documents.forbidden', 'You do not have access to this document.'),
};
