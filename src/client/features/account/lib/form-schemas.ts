import {
  addressBodySchema,
  profileBodySchema,
  profileBodySchemaFor,
  supportBodySchema,
  testEmailBodySchema,
} from '@shared/contract/account';
import { passwordSchema } from '@shared/domain/password-policy';
import { z } from 'zod';

export const profileFormSchema = profileBodySchema;
export type ProfileFormValues = z.input<typeof profileFormSchema>;
/** Settings' Personal Information: the province is checked against the saved postal code. */
export const profileSettingsFormSchema = profileBodySchemaFor;

export const addressFormSchema = addressBodySchema;
export type AddressFormValues = z.input<typeof addressFormSchema>;

/** Change password on both screens: one policy (docs/product.md §2); the confirmation is required and must match. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(200),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: 'Choose a password different from your current one',
    path: ['newPassword'],
  });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

export const supportFormSchema = supportBodySchema.pick({ subject: true, category: true, message: true });
export type SupportFormValues = z.input<typeof supportFormSchema>;

export const testEmailFormSchema = testEmailBodySchema;
export type TestEmailFormValues = z.input<typeof testEmailFormSchema>;
