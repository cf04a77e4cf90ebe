import { z } from 'zod';
import { isKnownCity } from '../domain/ontario';
import { DISCOUNT_TYPES, normalizePromoCode, PROMO_CODE_PATTERN } from '../domain/promo-codes';
import { moneyLineSchema } from './bookings';
import { decimalNumber, databaseId, dateTimeInput, isoDateTime } from './common';
import { ANNOUNCEMENT_TYPES } from './content';

/**
 * Promo codes (docs/product.md §7, DECISIONS 24): checking a code at checkout, and the admins'
 * management of promotions and announcements (create, edit, schedule, deactivate).
 */

// Checking a code (POST /api/promo-codes/validate).

const codeSchema = z
  .string({ message: 'Please enter a promo code' })
  .trim()
  .min(1, 'Please enter a promo code')
  .max(40, 'That promo code is too long')
  .transform(normalizePromoCode);

export const validatePromoCodeBodySchema = z.object({
  code: codeSchema,
  providerId: databaseId('providerId'),
  serviceId: databaseId('serviceId').optional().nullable(),
  serviceTitle: z.string().trim().max(120).optional().nullable(),
});
export type ValidatePromoCodeBody = z.output<typeof validatePromoCodeBodySchema>;

/** The code's discount on that service, and the price it would make (the hold's answer is final). */
export const validatePromoCodeResponseSchema = z.object({
  code: z.string(),
  discountCents: z.number().int(),
  title: z.string(),
  lines: z.array(moneyLineSchema),
  totalCents: z.number().int(),
});

/** A code as the checkout sends it with POST /api/create-payment-intent. */
export const promoCodeFieldSchema = codeSchema.optional().nullable();

// Promotions in the admin dashboard.

const centsField = (name: string) =>
  decimalNumber(
    z
      .number({ message: `${name} must be a number of cents` })
      .int(`${name} must be whole cents`)
      .min(0, `${name} must be 0 or more`)
      .max(100_000_000, `${name} is too large`),
  );
const limitField = (name: string) =>
  decimalNumber(
    z
      .number({ message: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(1, `${name} must be at least 1 (leave it empty for no limit)`)
      .max(1_000_000, `${name} is too large`),
  ).nullable();
const instant = (name: string) =>
  dateTimeInput(`${name} must be a date and time`, `${name} must be a date and time`);
/** A page of Trillium (`/services/home-cleaning`) or an https address. */
const linkField = z
  .string()
  .trim()
  .max(300, 'The link is too long')
  .refine((v) => /^\/(?!\/)[\w\-./?=&%]*$/.test(v) || /^https:\/\/[^\s]+$/.test(v), {
    message: 'The link must be a page of Trillium (/services) or an https:// address',
  });

export const promotionFieldsSchema = z.object({
  title: z.string().trim().min(3, 'The title needs at least 3 characters').max(120, 'The title is too long'),
  description: z
    .string()
    .trim()
    .min(10, 'The description needs at least 10 characters')
    .max(500, 'The description is at most 500 characters'),
  imageUrl: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/images\/[\w\-./]+$/, 'The image must be one of Trillium\u2019s (/images/...)')
    .nullable()
    .or(z.literal('').transform(() => null)),
  linkUrl: linkField,
  /** Empty: a promotion without a code (shown on /promotions only). */
  code: z
    .string()
    .trim()
    .transform(normalizePromoCode)
    .refine((v) => v === '' || PROMO_CODE_PATTERN.test(v), {
      message: 'A code is 3 to 20 letters, digits or dashes',
    })
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  discountType: z.enum(DISCOUNT_TYPES, { message: 'The discount is percent or fixed' }).nullable(),
  /** A percentage (1 to 100) or cents. */
  discountValue: decimalNumber(
    z
      .number({ message: 'The discount must be a number' })
      .int('The discount must be a whole percentage or whole cents')
      .positive('The discount must be more than 0')
      .max(100_000_000, 'The discount is too large'),
  ).nullable(),
  minSpend: centsField('The minimum spend'),
  categoryIds: z.array(databaseId('categoryIds')).max(50),
  cities: z
    .array(z.string().refine((c) => isKnownCity(c), 'Choose cities from the list'))
    .max(20)
    .transform((list) => [...new Set(list.map((c) => c.toLowerCase()))]),
  maxUses: limitField('The total limit'),
  maxUsesPerCustomer: limitField('The limit per customer'),
  startDate: instant('The start'),
  endDate: instant('The end'),
  isActive: z.boolean(),
});

type PromotionFields = z.output<typeof promotionFieldsSchema>;

/** The rules between fields, for a new promotion and for an edited one (once merged with what it was). */
export function checkPromotion(values: PromotionFields, ctx: z.RefinementCtx) {
  if ((values.discountType === null) !== (values.discountValue === null))
    ctx.addIssue({
      code: 'custom',
      path: ['discountValue'],
      message: 'A discount needs both its type and its value',
    });
  if (values.code && values.discountType === null)
    ctx.addIssue({ code: 'custom', path: ['discountType'], message: 'A code needs a discount' });
  if (values.discountType === 'percent' && (values.discountValue ?? 0) > 100)
    ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'A percentage is at most 100' });
  if (Date.parse(values.endDate) <= Date.parse(values.startDate))
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end must be after the start' });
}

export const promotionBodySchema = promotionFieldsSchema
  .extend({
    imageUrl: promotionFieldsSchema.shape.imageUrl.optional().transform((v) => v ?? null),
    linkUrl: linkField.optional().transform((v) => v || '/services'),
    code: promotionFieldsSchema.shape.code.optional().transform((v) => v ?? null),
    discountType: promotionFieldsSchema.shape.discountType.optional().transform((v) => v ?? null),
    discountValue: promotionFieldsSchema.shape.discountValue.optional().transform((v) => v ?? null),
    minSpend: promotionFieldsSchema.shape.minSpend.optional().transform((v) => v ?? 0),
    categoryIds: promotionFieldsSchema.shape.categoryIds.optional().transform((v) => v ?? []),
    cities: promotionFieldsSchema.shape.cities.optional().transform((v) => v ?? []),
    maxUses: promotionFieldsSchema.shape.maxUses.optional().transform((v) => v ?? null),
    maxUsesPerCustomer: promotionFieldsSchema.shape.maxUsesPerCustomer.optional().transform((v) => v ?? null),
    isActive: z
      .boolean()
      .optional()
      .transform((v) => v ?? true),
  })
  .superRefine(checkPromotion);
export type PromotionBody = z.output<typeof promotionBodySchema>;

/** PATCH: any of the fields; the server checks the result with `checkPromotion`. */
export const promotionPatchSchema = promotionFieldsSchema.partial();
export type PromotionPatch = z.output<typeof promotionPatchSchema>;

export const adminPromotionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string(),
  code: z.string().nullable(),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  discountValue: z.number().int().nullable(),
  minSpend: z.number().int(),
  categoryIds: z.array(z.number().int()),
  cities: z.array(z.string()),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  startDate: isoDateTime,
  endDate: isoDateTime,
  isActive: z.boolean(),
  /** Paid bookings that used the code (a full refund gives a use back). */
  uses: z.number().int(),
  /** Holds waiting for their payment with the code: they count against the limits. */
  held: z.number().int(),
  updatedAt: isoDateTime,
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;
export const adminPromotionsResponseSchema = z.array(adminPromotionSchema);

// Announcements in the admin dashboard.

export const announcementFieldsSchema = z.object({
  title: z.string().trim().min(3, 'The title needs at least 3 characters').max(120, 'The title is too long'),
  content: z
    .string()
    .trim()
    .min(10, 'The text needs at least 10 characters')
    .max(2000, 'The text is at most 2000 characters'),
  type: z.enum(ANNOUNCEMENT_TYPES, { message: 'The type is update, important or info' }),
  /** Shown from this instant (a future one schedules it). */
  publishedAt: instant('The publication time'),
  readMoreUrl: linkField.nullable().or(z.literal('').transform(() => null)),
  isActive: z.boolean(),
});
export const announcementBodySchema = announcementFieldsSchema.extend({
  publishedAt: instant('The publication time').optional(),
  readMoreUrl: announcementFieldsSchema.shape.readMoreUrl.optional().transform((v) => v ?? null),
  isActive: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
});
export type AnnouncementBody = z.output<typeof announcementBodySchema>;
export const announcementPatchSchema = announcementFieldsSchema.partial();
export type AnnouncementPatch = z.output<typeof announcementPatchSchema>;

export const adminAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  publishedAt: isoDateTime,
  readMoreUrl: z.string().nullable(),
  isActive: z.boolean(),
  updatedAt: isoDateTime,
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;
export const adminAnnouncementsResponseSchema = z.array(adminAnnouncementSchema);
