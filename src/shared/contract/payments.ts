import { z } from 'zod';
import { decimalNumber } from './common';

/** The built-in sandbox card processor's tokenisation (POST /api/payments/sandbox/payment-methods). */

export const sandboxPaymentMethodBodySchema = z.object({
  number: z.string({ message: 'Please enter your card details.' }).max(30, 'Invalid card number'),
  expMonth: decimalNumber(z.number({ message: 'Invalid expiry date' }).int('Invalid expiry date')),
  expYear: decimalNumber(z.number({ message: 'Invalid expiry date' }).int('Invalid expiry date')),
  cvc: z.string({ message: 'Invalid CVC' }).regex(/^\d{3,4}$/, 'Invalid CVC'),
  billingName: z.string().trim().max(100).optional().nullable(),
  billingEmail: z.string().trim().max(254).optional().nullable(),
});
export const sandboxPaymentMethodResponseSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
});
