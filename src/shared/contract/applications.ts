import { z } from 'zod';
import { isKnownCity } from '../domain/ontario';
import { passwordSchema } from '../domain/password-policy';
import { emailSchema, fullNameSchema } from './auth';
import { isoDateTime } from './common';
import { storedFilenameSchema } from './uploads';

// Uploads have a contract of their own; it is re-exported here for the application screens.
export * from './uploads';

/** Professional registration, documents and e-mail verification. */

export const OPERATING_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type OperatingDay = (typeof OPERATING_DAYS)[number];

/** The registration form's province values (lower case) and labels. */
export const REGISTRATION_PROVINCES = [
  { value: 'on', label: 'Ontario' },
  { value: 'bc', label: 'British Columbia' },
  { value: 'ab', label: 'Alberta' },
  { value: 'mb', label: 'Manitoba' },
  { value: 'sk', label: 'Saskatchewan' },
  { value: 'qc', label: 'Quebec' },
  { value: 'nb', label: 'New Brunswick' },
  { value: 'ns', label: 'Nova Scotia' },
  { value: 'pe', label: 'Prince Edward Island' },
  { value: 'nl', label: 'Newfoundland and Labrador' },
  { value: 'yt', label: 'Yukon' },
  { value: 'nt', label: 'Northwest Territories' },
  { value: 'nu', label: 'Nunavut' },
] as const;
const PROVINCE_VALUES = REGISTRATION_PROVINCES.map((p) => p.value) as [string, ...string[]];

export const DEFAULT_OPERATING_HOURS = '9:00 AM - 5:00 PM';
export const MAX_PRICE_CENTS = 10_000_000;

/**
 * A price as people type it ("$120", "120.50", "from 80", "CAD 1,200", "80 - 120") in integer cents,
 * or null when it cannot be read. A range counts from its lower end.
 */
export function parsePriceToCents(text: string): number | null {
  const cleaned = text
    .toLowerCase()
    .replace(/^(from|starting at|starts at|starting from|approx\.?|about)\s*/, '')
    .replace(/ca\$|cad|\$|,|\s/g, '')
    .replace(/(\/|per)(hour|hr|h|visit|session|service)$/, '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?(?:-(\d{1,7})(?:\.\d{1,2})?)?$/.exec(cleaned);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents < 100 || cents > MAX_PRICE_CENTS) return null;
  return cents;
}

/** A duration such as "60", "90 min", "1 hour", "1.5 hours", "2h", "1h30" in minutes, or null. */
export function parseDurationMinutes(text: string | null | undefined): number | null {
  if (!text) return null;
  const t = text.toLowerCase().replace(/\s+/g, '');
  let minutes: number | null = null;
  let m = /^(\d{1,3})(m|min|mins|minute|minutes)?$/.exec(t);
  if (m) minutes = Number(m[1]);
  m = /^(\d{1,2}(?:\.\d{1,2})?)(h|hr|hrs|hour|hours)$/.exec(t);
  if (m) minutes = Math.round(Number(m[1]) * 60);
  m = /^(\d{1,2})h(\d{1,2})(m|min)?$/.exec(t);
  if (m) minutes = Number(m[1]) * 60 + Number(m[2]);
  if (minutes === null || minutes < 15 || minutes > 720) return null;
  return minutes;
}

/** True when any text inside `value` holds a NUL character, which PostgreSQL text cannot store. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.values(value).some(containsNul);
  return false;
}
export const NUL_MESSAGE = 'Text may not contain control characters.';

const optionalText = (max: number, message = `At most ${max} characters`) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const priceCatalogItemSchema = z.object({
  serviceName: z.string().trim().max(80, 'Service name must be at most 80 characters').default(''),
  price: z.string().trim().max(40, 'Price must be at most 40 characters').default(''),
  description: optionalText(500),
  duration: optionalText(40),
});
export type PriceCatalogItemInput = z.input<typeof priceCatalogItemSchema>;

const GOOGLE_HOSTS = /^(?:[a-z0-9-]+\.)*(?:google\.[a-z.]{2,6}|goo\.gl|g\.page)$/;

/** Empty, or a link to a Google Maps or Google Business page. */
export function isGoogleBusinessUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    return GOOGLE_HOSTS.test(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * POST /api/provider-applications, and the registration form through zodResolver: the same fields,
 * defaults and messages on both sides. Text is trimmed; empty optional values become null.
 */
export const applicationBodySchema = z
  .object({
    fullName: fullNameSchema,
    email: emailSchema,
    phone: z
      .string({ message: 'Please enter a valid phone number' })
      .trim()
      .min(10, 'Please enter a valid phone number')
      .max(30, 'Please enter a valid phone number')
      .refine(
        (v) => /^[+\d\s().-]+$/.test(v) && v.replace(/\D/g, '').length >= 10,
        'Please enter a valid phone number',
      ),
    password: passwordSchema,
    confirmPassword: z.string({ message: "Passwords don't match" }),
    businessName: z
      .string({ message: 'Business name must be at least 2 characters' })
      .trim()
      .min(2, 'Business name must be at least 2 characters')
      .max(120, 'Business name must be at most 120 characters'),
    businessNumber: optionalText(50),
    googleBusinessUrl: z
      .string()
      .trim()
      .max(500, 'Please provide a valid Google Business URL')
      .refine((v) => v === '' || isGoogleBusinessUrl(v), 'Please provide a valid Google Business URL')
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    city: z
      .string({ message: 'Please select a city' })
      .trim()
      .toLowerCase()
      .refine((v) => isKnownCity(v), 'Please select a city'),
    province: z.enum(PROVINCE_VALUES, { message: 'Please select a province' }).default('on'),
    servicesDescription: z
      .string({ message: 'Please provide a detailed description (minimum 30 characters)' })
      .trim()
      .min(30, 'Please provide a detailed description (minimum 30 characters)')
      .max(2000, 'Description must be at most 2000 characters'),
    operatingDays: z
      .array(z.enum(OPERATING_DAYS, { message: 'Please select at least one operating day' }), {
        message: 'Please select at least one operating day',
      })
      .min(1, 'Please select at least one operating day')
      .transform((days) => OPERATING_DAYS.filter((d) => days.includes(d))),
    operatingHours: z
      .string({ message: 'Please specify your operating hours' })
      .trim()
      .min(1, 'Please specify your operating hours')
      .max(100, 'Operating hours must be at most 100 characters')
      .default(DEFAULT_OPERATING_HOURS),
    documents: z
      .array(storedFilenameSchema, { message: 'At least one document is required' })
      .min(1, 'At least one document is required')
      .max(20, 'At most 20 documents')
      .transform((names) => [...new Set(names)]),
    priceCatalog: z.array(priceCatalogItemSchema).max(30, 'At most 30 services').default([]),
    hasPriceList: z.boolean().default(false),
    priceListFile: storedFilenameSchema.optional().nullable().or(z.literal('')),
    /** The prototype's copy of the price list file; the server reads `priceListFile`. */
    priceListUrl: z.string().max(500).optional().nullable(),
    agreedToTerms: z
      .boolean({ message: 'You must agree to the terms and conditions' })
      .refine((v) => v === true, 'You must agree to the terms and conditions'),
    /** An uploaded profile image (kind profile_image), an image data URL, or null; other URLs count as none. */
    profileImage: z.string().max(7_500_000, 'Profile image must be less than 5MB.').optional().nullable(),
    serviceCategory: z.string().optional(),
    applicantType: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if (containsNul(body)) ctx.addIssue({ code: 'custom', path: [], message: NUL_MESSAGE });
    if (body.confirmPassword !== body.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: "Passwords don't match" });
    }
    let valid = 0;
    body.priceCatalog.forEach((item, index) => {
      const hasName = item.serviceName !== '';
      const hasPrice = item.price !== '';
      if (!hasName && !hasPrice) return;
      if (!hasName)
        ctx.addIssue({
          code: 'custom',
          path: ['priceCatalog', index, 'serviceName'],
          message: 'Service name is required',
        });
      if (!hasPrice)
        ctx.addIssue({
          code: 'custom',
          path: ['priceCatalog', index, 'price'],
          message: 'Price is required',
        });
      if (hasPrice && parsePriceToCents(item.price) === null)
        ctx.addIssue({
          code: 'custom',
          path: ['priceCatalog', index, 'price'],
          message: 'Enter a price such as 120 or 120.50',
        });
      if (hasName && hasPrice) valid++;
    });
    if (body.hasPriceList) {
      if (!body.priceListFile)
        ctx.addIssue({
          code: 'custom',
          path: ['priceListFile'],
          message: 'Upload a price list or add prices manually.',
        });
    } else if (valid === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['priceCatalog'],
        message: 'At least one service with pricing is required',
      });
    }
  })
  .transform((body) => ({
    ...body,
    priceCatalog: body.priceCatalog.filter((item) => item.serviceName !== '' && item.price !== ''),
    priceListFile: body.hasPriceList && body.priceListFile ? body.priceListFile : null,
  }));
export type ApplicationBody = z.input<typeof applicationBodySchema>;
export type ApplicationInput = z.output<typeof applicationBodySchema>;

export const applicationCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  applicationId: z.number().int(),
});

export const verifyEmailQuerySchema = z.object({
  token: z.string().max(300).optional(),
  email: z.string().max(300).optional(),
});
/** `alreadyVerified`: the link was opened before (a second click, another device): not an error. */
export const verifyEmailResponseSchema = z.object({
  businessName: z.string(),
  message: z.string(),
  alreadyVerified: z.boolean(),
});

/** One question an admin asked about an application, and the applicant's answer (null until given). */
export const applicationRequestSchema = z.object({
  needed: z.string(),
  askedAt: isoDateTime,
  answer: z.string().nullable(),
  answeredAt: isoDateTime.nullable(),
  /** Stored names of the documents sent with the answer. */
  documents: z.array(z.string()),
});
export type ApplicationRequest = z.infer<typeof applicationRequestSchema>;

/** POST /api/user/application/reply: the applicant's answer to what the admins asked, with more documents. */
export const applicationReplyBodySchema = z
  .object({
    message: z
      .string({ message: 'Please write your answer' })
      .trim()
      .min(10, 'Your answer must be at least 10 characters')
      .max(2000, 'Your answer must be at most 2000 characters'),
    documents: z
      .array(storedFilenameSchema, { message: 'documents must be a list of uploaded files' })
      .max(10, 'At most 10 documents')
      .default([]),
  })
  .refine((body) => !containsNul(body), NUL_MESSAGE);
