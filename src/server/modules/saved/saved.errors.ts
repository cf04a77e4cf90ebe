import { AppError } from '../../errors';

export const savedErrors = {
  notFound: () => new AppError(404, 'saved.not_found', 'That provider is not in your saved services.'),
};
