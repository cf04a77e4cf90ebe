import { AppError } from '../../errors';

export const notificationErrors = {
  notFound: () => new AppError(404, 'notifications.not_found', 'That notification was not found.'),
};
