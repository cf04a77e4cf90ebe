import { AppError } from '../../errors';

export const calendarErrors = {
  feedNotFound: () =>
    new AppError(
      404,
      'calendar.not_found',
      'This calendar link does not exist or was reset. Copy the new link from Trillium.',
    ),
};
