import { AppError } from '../../errors';

/** Card problems found before any payment (the sandbox's tokenisation). */
export const paymentErrors = {
  invalidNumber: () => new AppError(400, 'payments.invalid_number', 'Your card number is invalid.'),
  unsupportedBrand: () =>
    new AppError(400, 'payments.unsupported_brand', 'We accept Visa, Mastercard and American Express.'),
  invalidExpiry: () =>
    new AppError(400, 'payments.invalid_expiry', "Your card's expiration date is invalid or in the past."),
  badSignature: () =>
    new AppError(400, 'payments.bad_signature', 'The webhook signature could not be verified.'),
  invalidCvc: () => new AppError(400, 'payments.invalid_cvc', "Your card's security code is invalid."),
};
