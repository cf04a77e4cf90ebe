import { AppError } from '../errors';

/** Errors about a request as a whole, whatever its route (plugins/error-handler.ts). */
export const requestErrors = {
  /** A write's foreign key pointed at a row removed while the request ran (docs/product.md §3). */
  referenceGone: () =>
    new AppError(
      409,
      'request.reference_gone',
      'Something this needed was removed a moment ago. Please reload the page and try again.',
    ),
};
