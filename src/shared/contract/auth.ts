import { LOCALES } from '../i18n/locales';
import { z } from 'zod';
import { passwordSchema } from '../domain/password-policy';
import { isoDateTime } from './common';

export const USER_ROLES = ['user', 'partner', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The signed-in user as every screen sees it: never a hash, a token or a session id. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  street: z.string().nullable(),
  unit: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  postalCode: z.string().nullable(),
  role: z.enum(USER_ROLES),
  emailVerified: z.boolean(),
  /** The language of the person's screens after sign-in and of their e-mails. */
  language: z.enum(LOCALES),
  createdAt: isoDateTime,
});
export type User = z.infer<typeof userSchema>;

export const emailSchema = z
  .string({ message: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Email address is too long')
  .pipe(z.email({ message: 'Please enter a valid email address' }));

export const phoneSchema = z
  .string()
  .trim()
  .max(30, 'Please enter a valid phone number')
  .refine(
    (v) => v === '' || (/^[+\d\s().-]+$/.test(v) && v.replace(/\D/g, '').length >= 10),
    'Please enter a valid phone number',
  )
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const fullNameSchema = z
  .string({ message: 'Full name is required' })
  .trim()
  .min(2, 'Full name must be at least 2 characters')
  .max(100, 'Full name must be at most 100 characters');

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dots, hyphens and underscores');

/** POST /api/register: the auth page sends email, password, fullName; the header modal adds username and phone. */
export const registerBodySchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().optional(),
    fullName: fullNameSchema,
    username: usernameSchema.optional().or(z.literal('').transform(() => undefined)),
    phone: phoneSchema,
    remember: z.boolean().optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

/** Create Your Account inside the booking flow: only a name, an e-mail and a password. */
export const quickSignUpSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type QuickSignUp = z.input<typeof quickSignUpSchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is too long'),
  remember: z.boolean().optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z
  .object({
    email: emailSchema,
    token: z.string().trim().min(10, 'Invalid reset link. Please request a new password reset.').max(200),
    password: passwordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const messageResponseSchema = z.object({ message: z.string() });
