import {
  emailSchema,
  fullNameSchema,
  loginBodySchema,
  phoneSchema,
  usernameSchema,
} from '@shared/contract/auth';
import { passwordSchema } from '@shared/domain/password-policy';
import { z } from 'zod';

/** Login (auth page and modal): the contract's body; remember-me only in the modal. */
export const loginFormSchema = loginBodySchema;
export type LoginFormValues = z.input<typeof loginFormSchema>;

const confirmRequired = (message: string) => z.string({ message }).min(1, message);

/** Sign-up on /auth (spec: full name at least 3, confirm required and equal; docs/product.md §2 password policy). */
export const signupPageSchema = z
  .object({
    fullName: z
      .string({ message: 'Full name is required' })
      .trim()
      .min(3, 'Full name is required')
      .max(100, 'Full name must be at most 100 characters'),
    email: z
      .string()
      .trim()
      .pipe(z.email({ message: 'Invalid email address' })),
    password: passwordSchema,
    confirmPassword: confirmRequired('Confirm password is required'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type SignupPageValues = z.input<typeof signupPageSchema>;

/** Sign-up in the header modal: username and phone optional (docs/product.md §2), terms required. */
export const signupModalSchema = z
  .object({
    fullName: fullNameSchema,
    username: z.union([z.literal(''), usernameSchema]).optional(),
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
    confirmPassword: confirmRequired('Please confirm your password'),
    terms: z.boolean().refine((v) => v, 'You must agree to the terms and conditions'),
    remember: z.boolean().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type SignupModalValues = z.input<typeof signupModalSchema>;

export const forgotPasswordFormSchema = z.object({ email: emailSchema });
export type ForgotPasswordValues = z.input<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: confirmRequired('Please confirm your password') })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordValues = z.input<typeof resetPasswordFormSchema>;
