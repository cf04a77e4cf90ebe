import { AppError } from '../../errors';

export const catalogErrors = {
  providerNotFound: () => new AppError(404, 'providers.not_found', 'The service provider was not found.'),
  unknownCategory: (slug: string) =>
    new AppError(
      400,
      'catalog.unknown_category',
      `category "${slug}" is not a known category.`,
      {},
      {
        values: { slug },
      },
    ),
  unknownLocation: (slug: string) =>
    new AppError(
      400,
      'catalog.unknown_location',
      `location "${slug}" is not a city we serve.`,
      {},
      {
        values: { slug },
      },
    ),
};
