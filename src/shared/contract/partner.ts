import { z } from 'zod';
import { isKnownCity } from '../domain/ontario';
import { DELIVERY_PLACES } from '../domain/delivery';
import { HST_NUMBER_MESSAGE, hstNumberProblem, normalizeHstNumber } from '../domain/hst';
import { bookingSchema } from './bookings';
import { providerServiceSchema, scheduleDaySchema } from './catalog';
import { CANCELLATION_POLICIES } from '../domain/cancellation-policy';
import { serviceLanguagesInputSchema, serviceLanguagesSchema } from './service-languages';
import { APPLICATION_STATUSES } from './admin';
import { calendarDate, decimalNumber, isoDateTime } from './common';
import { applicationRequestSchema, containsNul, NUL_MESSAGE, storedFilenameSchema } from './applications';

/** The partner dashboard: partner status, the listing's bookings, and the Services tab. */

export const partnerStatusSchema = z.object({
  isPartner: z.boolean(),
  providerId: z.number().int().nullable(),
  /**
   * The signed-in person's latest professional application, when they have one: its status, the
   * reason when rejected, and what the admins asked (with the answers), so the dashboard can show the
   * next step instead of a dead end.
   */
  application: z
    .object({
      id: z.number().int(),
      businessName: z.string(),
      status: z.enum(APPLICATION_STATUSES),
      emailVerified: z.boolean(),
      submittedAt: isoDateTime,
      /** The rejection reason, when rejected. */
      reason: z.string().nullable(),
      requests: z.array(applicationRequestSchema),
    })
    .nullable(),
});

/** The partner's view of a booking of their listing is the one view of bookings. */
export type PartnerStatus = z.infer<typeof partnerStatusSchema>;

export const partnerBookingSchema = bookingSchema;
export type PartnerBooking = z.infer<typeof partnerBookingSchema>;
export const partnerBookingsResponseSchema = z.array(partnerBookingSchema);

/**
 * PATCH /api/partner/bookings/:id: `{ action: "complete" | "cancel" | "no_show", reason? }`. The older
 * `{ status: "completed" | "cancelled" }` still works.
 */
export const partnerBookingUpdateBodySchema = z
  .object({
    action: z
      .enum(['complete', 'cancel', 'no_show'], { message: 'action must be complete, cancel or no_show' })
      .optional(),
    status: z
      .enum(['completed', 'cancelled'], { message: 'status must be completed or cancelled' })
      .optional(),
    reason: z.string().trim().max(500, 'The reason must be at most 500 characters').optional().nullable(),
  })
  .refine((b) => b.action !== undefined || b.status !== undefined, {
    message: 'action must be complete, cancel or no_show',
    path: ['action'],
  })
  .transform((b) => ({
    action: b.action ?? (b.status === 'completed' ? ('complete' as const) : ('cancel' as const)),
    reason: b.reason || null,
  }));

/** Total Bookings, Pending, Completed and Revenue (cents, of paid bookings that were not refunded). */
export function partnerStats(
  list: readonly Pick<PartnerBooking, 'status' | 'paymentStatus' | 'totalCents'>[],
) {
  return {
    total: list.length,
    pending: list.filter((b) => b.status === 'awaiting_payment' || b.paymentStatus === 'pending').length,
    completed: list.filter((b) => b.status === 'completed').length,
    revenueCents: list
      .filter(
        (b) => b.paymentStatus === 'confirmed' && (b.status === 'confirmed' || b.status === 'completed'),
      )
      .reduce((sum, b) => sum + b.totalCents, 0),
  };
}

export const partnerListingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  city: z.string(),
  citySlug: z.string(),
  province: z.string(),
  /** The business's street address, shown on bookings of services at the provider's place. */
  streetAddress: z.string().nullable(),
  imageUrl: z.string().nullable(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  /** The category's slug: screens say its name in their language (useCategoryName). */
  categorySlug: z.string(),
  /** Where the category's services happen unless a service says otherwise. */
  categoryDeliveredAt: z.enum(DELIVERY_PLACES),
  /** Starting price in dollars: the cheapest service. */
  price: z.number(),
  services: z.array(providerServiceSchema),
  schedule: z.array(scheduleDaySchema),
  /** The booking rules: minimum notice, free time kept after each booking, cancellation policy. */
  minimumNoticeHours: z.number().int(),
  bufferMinutes: z.number().int(),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  /** The partner's HST registration number (`123456782RT0001`), or null: then no HST on the service. */
  hstNumber: z.string().nullable(),
  /** The category's services carry no HST even with a number (child care). */
  categoryTaxExempt: z.boolean(),
  /** The languages the partner serves customers in: English, French or both. */
  serviceLanguages: serviceLanguagesSchema,
});
export type PartnerListing = z.infer<typeof partnerListingSchema>;

/** An HST number as typed (spaces and dashes allowed), normalised; empty is null (removed); absent is undefined. */
export const hstNumberInputSchema = z
  .string({ message: HST_NUMBER_MESSAGE })
  .max(40, HST_NUMBER_MESSAGE)
  .optional()
  .nullable()
  .transform((v) => (v === undefined ? undefined : v?.trim() ? normalizeHstNumber(v) : null))
  .superRefine((v, ctx) => {
    const problem = v ? hstNumberProblem(v) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const partnerListingBodySchema = z
  .object({
    description: z
      .string({ message: 'Please provide a detailed description (minimum 30 characters)' })
      .trim()
      .min(30, 'Please provide a detailed description (minimum 30 characters)')
      .max(2000, 'Description must be at most 2000 characters'),
    city: z
      .string({ message: 'Please select a city' })
      .trim()
      .toLowerCase()
      .refine((v) => isKnownCity(v), 'Please select a city'),
    /** The business's street address (optional); empty removes it; absent keeps it. */
    streetAddress: z
      .string()
      .trim()
      .max(200, 'Street address is too long')
      .optional()
      .nullable()
      .transform((v) => (v === undefined ? undefined : v ? v : null))
      .refine(
        (v) => v === undefined || v === null || v.length >= 5,
        'Street address must be at least 5 characters',
      ),
    /**
     * The HST registration number (9 digits, RT, 4 digits, with a valid check digit); empty removes it;
     * absent keeps it. From then on new bookings carry 13% HST on the service (docs/product.md §7).
     */
    hstNumber: hstNumberInputSchema,
    /** An uploaded profile image (upload kind profile_image) to use as the photo; null restores the default; absent keeps it. */
    imageFilename: storedFilenameSchema.optional().nullable(),
    /** The languages the partner serves customers in (at least one of `en`, `fr`); absent keeps them. */
    serviceLanguages: serviceLanguagesInputSchema.optional(),
  })
  .refine((body) => !containsNul(body), NUL_MESSAGE);

/**
 * A number from a form or JSON: a string of digits is read as its number, but nothing (null, an empty
 * string) and true/false are not numbers, where plain coercion reads them as 0 and 1.
 */
const formNumber = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === null || v === '' || typeof v === 'boolean' ? undefined : v), schema);

export const partnerServiceInputSchema = z.object({
  /** An existing service keeps its id (and its bookings' link to it); a new one has none. */
  id: decimalNumber(z.number().int().positive()).optional().nullable(),
  name: z
    .string({ message: 'Service name is required' })
    .trim()
    .min(2, 'Service name must be at least 2 characters')
    .max(80, 'Service name must be at most 80 characters'),
  /** Dollars, at most two decimals. */
  price: formNumber(
    decimalNumber(
      z
        .number({ message: 'Price is required' })
        .min(1, 'Price must be at least $1')
        .max(100_000, 'Price must be at most $100,000')
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Price may have at most two decimals'),
    ),
  ),
  description: z
    .string()
    .trim()
    .max(500, 'Description must be at most 500 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  durationMinutes: decimalNumber(
    z
      .number()
      .int('Duration must be whole minutes')
      .min(15, 'Duration must be at least 15 minutes')
      .max(720, 'Duration must be at most 720 minutes'),
  )
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  /** At the customer's address or at the provider's place; the category's default when absent. */
  deliveredAt: z.enum(DELIVERY_PLACES, { message: 'Choose where the service happens' }).optional().nullable(),
});

export const partnerServicesBodySchema = z
  .object({
    services: z
      .array(partnerServiceInputSchema, { message: 'Add at least one service' })
      .min(1, 'Add at least one service')
      .max(30, 'At most 30 services')
      .refine(
        (list) => new Set(list.map((s) => s.name.toLowerCase())).size === list.length,
        'Each service needs a different name',
      )
      .refine((list) => {
        const ids = list.flatMap((s) => (s.id ? [s.id] : []));
        return new Set(ids).size === ids.length;
      }, 'Each service may appear once'),
  })
  .refine((body) => !containsNul(body), NUL_MESSAGE);

export const QUARTER_HOUR = /^(?:[01]\d|2[0-3]):(?:00|15|30|45)$|^24:00$/;
const timeOfDay = z
  .string({ message: 'Times look like 09:00' })
  .regex(QUARTER_HOUR, 'Times look like 09:00, on the quarter hour');
export const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

export const partnerScheduleBodySchema = z.object({
  schedule: z
    .array(
      z
        .object({
          day: z.number().int().min(0, 'day is 0 (Sunday) to 6 (Saturday)').max(6, 'day is 0 (Sunday) to 6'),
          opensAt: timeOfDay,
          closesAt: timeOfDay,
        })
        .refine((d) => toMinutes(d.opensAt) < toMinutes(d.closesAt), {
          message: 'Opening time must be before closing time',
          path: ['closesAt'],
        }),
    )
    .min(1, 'Keep at least one open day')
    .max(7)
    .refine((list) => new Set(list.map((d) => d.day)).size === list.length, 'Each day may appear once'),
});

/** PUT /api/partner/booking-rules: how far ahead customers must book, the buffer, the policy for new bookings. */
export const partnerBookingRulesBodySchema = z.object({
  minimumNoticeHours: formNumber(
    decimalNumber(
      z
        .number({ message: 'Minimum notice must be a number of hours' })
        .int('Minimum notice must be whole hours')
        .min(0, 'Minimum notice must be between 0 and 168 hours')
        .max(168, 'Minimum notice must be between 0 and 168 hours'),
    ),
  ),
  bufferMinutes: formNumber(
    decimalNumber(
      z
        .number({ message: 'The buffer must be a number of minutes' })
        .int('The buffer must be whole minutes')
        .min(0, 'The buffer must be between 0 and 240 minutes')
        .max(240, 'The buffer must be between 0 and 240 minutes')
        .refine((m) => m % 15 === 0, 'The buffer must be in steps of 15 minutes'),
    ),
  ),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES, {
    message: 'The policy must be flexible, moderate or strict',
  }),
});
export type PartnerBookingRules = z.infer<typeof partnerBookingRulesBodySchema>;

const torontoDateSchema = z
  .string({ message: 'Please choose a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
  .pipe(calendarDate('That date does not exist'));

/** POST /api/partner/time-off: closed Toronto dates, both inclusive. */
export const timeOffBodySchema = z
  .object({
    startDate: torontoDateSchema,
    endDate: torontoDateSchema,
    reason: z.string().trim().max(200, 'The reason must be at most 200 characters').optional().nullable(),
  })
  .refine((b) => b.endDate >= b.startDate, {
    message: 'The last day must be on or after the first day',
    path: ['endDate'],
  });

/** A booking that falls in a time off: the partner decides to cancel or keep it. */
export const timeOffBookingSchema = z.object({
  id: z.number().int(),
  referenceNumber: z.string(),
  serviceTitle: z.string(),
  serviceDate: z.string(),
  customerName: z.string(),
  status: z.string(),
});

export const timeOffSchema = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string().nullable(),
  /** Paid or held bookings inside these dates. */
  bookings: z.array(timeOffBookingSchema),
});
export type TimeOff = z.infer<typeof timeOffSchema>;
export const timeOffListSchema = z.array(timeOffSchema);
