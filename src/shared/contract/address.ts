import { z } from 'zod';
import {
  normalisePostalCode,
  PROVINCE_CODES,
  postalCodeMatchesProvince,
  provinceName,
} from '../domain/ontario';

/**
 * A street address in Canada, with the same fields and rules wherever one is entered (the account's
 * address, a booking's service address): the postal code is checked, stored normalised (`M5H 2N2`)
 * and must belong to the province (docs/product.md §5).
 */
const addressFields = {
  street: z
    .string({ message: 'Street address is required' })
    .trim()
    .min(5, 'Street address must be at least 5 characters')
    .max(200, 'Street address is too long'),
  unit: z
    .string()
    .trim()
    .max(20, 'Unit must be at most 20 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  city: z
    .string({ message: 'City is required' })
    .trim()
    .min(2, 'City is required')
    .max(80, 'City is too long'),
  province: z
    .string({ message: 'Province is required' })
    .trim()
    .toUpperCase()
    .refine((p) => (PROVINCE_CODES as readonly string[]).includes(p), 'Province is required'),
  postalCode: z
    .string({ message: 'Please enter a valid Canadian postal code' })
    .refine((p) => normalisePostalCode(p) !== null, 'Please enter a valid Canadian postal code')
    .transform((p) => normalisePostalCode(p)!),
};

function postalCodeInProvince(address: { postalCode: string; province: string }, context: z.RefinementCtx) {
  if (!postalCodeMatchesProvince(address.postalCode, address.province)) {
    context.addIssue({
      code: 'custom',
      path: ['postalCode'],
      message: `This postal code is not in ${provinceName(address.province)}`,
    });
  }
}

export const addressSchema = z.object(addressFields).superRefine(postalCodeInProvince);
export type Address = z.output<typeof addressSchema>;

/** Where a service at the customer's place happens: an Ontario address, and how to get in. */
export const serviceAddressSchema = z
  .object({
    ...addressFields,
    province: addressFields.province.refine(
      (p): boolean => p === 'ON',
      'The service address must be in Ontario',
    ),
    accessNotes: z
      .string()
      .trim()
      .max(500, 'Access notes must be at most 500 characters')
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .superRefine(postalCodeInProvince);
export type ServiceAddress = z.output<typeof serviceAddressSchema>;
export type ServiceAddressInput = z.input<typeof serviceAddressSchema>;

/** One line for people: `120 Queen St W, Unit 4, Toronto, ON M5H 2N2`. */
export function formatAddress(
  address: Pick<Address, 'street' | 'unit' | 'city' | 'province' | 'postalCode'>,
) {
  return [
    address.street,
    address.unit ? `Unit ${address.unit}` : null,
    address.city,
    `${address.province} ${address.postalCode}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** A service address as answers carry it (plain: response schemas may not transform). */
export const serviceAddressViewSchema = z.object({
  street: z.string(),
  unit: z.string().nullable(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  accessNotes: z.string().nullable(),
});
