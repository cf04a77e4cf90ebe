import type { PromoRefusal } from '../../../shared/domain/promo-codes';
import { AppError } from '../../errors';

export const promotionErrors = {
  /** A code refused at checkout: unknown (404), or expired, not applicable, limit reached (409). */
  refused: (refusal: PromoRefusal) =>
    // Translated as the sentence of the shared rule (src/shared/locales/fr/validation.json).
    new AppError(
      refusal.code === 'promo.unknown' ? 404 : 409,
      refusal.code,
      refusal.message,
      {},
      {
        key: 'promo.refusal',
      },
    ),
  notFound: () => new AppError(404, 'promotions.not_found', 'That promotion was not found.'),
  announcementNotFound: () =>
    new AppError(404, 'announcements.not_found', 'That announcement was not found.'),
  codeTaken: (code: string) =>
    new AppError(
      409,
      'promotions.code_taken',
      `Another promotion already uses the code ${code}.`,
      {},
      {
        values: { code },
      },
    ),
  unknownCategory: () => new AppError(400, 'promotions.unknown_category', 'Choose categories from the list.'),
  invalid: (message: string) => new AppError(400, 'validation_error', message),
};
