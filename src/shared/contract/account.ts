import { LOCALES } from '../i18n/locales';
import { z } from 'zod';
import { PROVINCE_CODES, postalCodeMatchesProvince, provinceName } from '../domain/ontario';
import { passwordSchema } from '../domain/password-policy';
import { addressSchema } from './address';
import { emailSchema, fullNameSchema, phoneSchema } from './auth';

/** Optional text that an edit may leave out: absent keeps the stored value, empty clears it. */
const keptText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/**
 * PUT /api/user/profile: the edit-profile page sends fullName, email, phone; the settings screen adds
 * city and province (absent: left as they are). The province is a code (`ON`), and where a postal
 * code is saved it must be that code's province, as on the address form (provinceProblem).
 */
export const profileBodySchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  city: keptText(80, 'City must be at most 80 characters'),
  province: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .nullable()
    .transform((v) => (v === undefined ? undefined : v ? v : null))
    .refine(
      (v) => v == null || (PROVINCE_CODES as readonly string[]).includes(v),
      'Please choose a province',
    ),
});

/**
 * The address form's rule for a province edited on its own: with a saved postal code, the province
 * must be the one the postal code belongs to (`M5H 2N2` is in Ontario, never in BC). Null when fine.
 */
export function provinceProblem(savedPostalCode: string | null, province: string | null): string | null {
  if (!savedPostalCode) return null;
  if (!province) return `Province is required with your postal code ${savedPostalCode}`;
  return postalCodeMatchesProvince(savedPostalCode, province)
    ? null
    : `Your postal code ${savedPostalCode} is not in ${provinceName(province)}`;
}

/** The settings screen's form: the profile body, with the province checked against the saved postal code. */
export function profileBodySchemaFor(savedPostalCode: string | null) {
  return profileBodySchema.superRefine((body, context) => {
    if (body.province === undefined) return;
    const problem = provinceProblem(savedPostalCode, body.province);
    if (problem) context.addIssue({ code: 'custom', path: ['province'], message: problem });
  });
}
export type ProfileBody = z.input<typeof profileBodySchema>;

/** PUT /api/user/change-password (the confirmation, when sent, must match). */
export const changePasswordBodySchema = z
  .object({
    currentPassword: z
      .string({ message: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200),
    newPassword: passwordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.newPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })
  .refine((b) => b.newPassword !== b.currentPassword, {
    message: 'Choose a password different from your current one',
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** PUT /api/user/address: the postal code is checked, must belong to the province, and is stored normalised. */
export const addressBodySchema = addressSchema;
export type AddressBody = z.input<typeof addressBodySchema>;

/** PUT /api/user/language: the language the switch chose (the account's screens and e-mails). */
export const languageBodySchema = z.object({ language: z.enum(LOCALES) });
export type LanguageBody = z.infer<typeof languageBodySchema>;

export const preferencesSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  promotional: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/**
 * The toggles as the account sees them: `textsStopped` when the account's number replied STOP to our
 * texts (docs/product.md §10). No text goes to it, SMS Notifications on or not, until that phone texts
 * START to `replyTo`.
 */
export const preferencesViewSchema = preferencesSchema.extend({
  textsStopped: z.object({ phone: z.string(), replyTo: z.string() }).nullable(),
  /** The account's number is not a Canadian or US one, which are the only numbers texts go to. */
  textsUnreachable: z.object({ phone: z.string() }).nullable(),
});
export type PreferencesView = z.infer<typeof preferencesViewSchema>;

export const SUPPORT_CATEGORIES = [
  { value: 'booking', label: 'Booking Issues' },
  { value: 'payment', label: 'Payment & Billing' },
  { value: 'account', label: 'Account Management' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'provider', label: 'Service Provider Issues' },
  { value: 'feedback', label: 'Feedback & Suggestions' },
  { value: 'other', label: 'Other' },
] as const;
const supportCategoryValues = SUPPORT_CATEGORIES.map((c) => c.value) as [string, ...string[]];

/** POST /api/support/contact */
export const supportBodySchema = z.object({
  subject: z.string().trim().min(5, 'Subject must be at least 5 characters').max(150, 'Subject is too long'),
  category: z.enum(supportCategoryValues, { message: 'Please select a category' }),
  message: z
    .string()
    .trim()
    .min(20, 'Message must be at least 20 characters')
    .max(5000, 'Message is too long'),
  userEmail: emailSchema.optional(),
  userName: z.string().trim().max(100).optional(),
});
export type SupportBody = z.input<typeof supportBodySchema>;

/** POST /api/test/email (admins only) */
export const testEmailBodySchema = z.object({
  email: z
    .string({ message: 'Please provide both email and name' })
    .trim()
    .min(1, 'Please provide both email and name')
    .pipe(emailSchema),
  name: z
    .string({ message: 'Please provide both email and name' })
    .trim()
    .min(1, 'Please provide both email and name')
    .max(100),
});

/** POST /api/user/email-change: the new address, confirmed by the current password. */
export const emailChangeBodySchema = z.object({
  newEmail: emailSchema,
  currentPassword: z
    .string({ message: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(200),
});
export type EmailChangeBody = z.input<typeof emailChangeBodySchema>;

export const pendingEmailSchema = z.object({ pendingEmail: z.string().nullable() });

/** POST /api/user/email-change/confirm and /revert: the link's token. */
export const emailChangeTokenBodySchema = z.object({
  token: z.string({ message: 'The link is incomplete.' }).min(10, 'The link is incomplete.').max(200),
});
export const emailChangedSchema = z.object({ email: z.string(), message: z.string().optional() });
