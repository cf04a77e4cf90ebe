import { z } from 'zod';
import { calendarDate, isoDateTime } from './common';

/** GET /api/providers/{id}/availability: a provider's free starts for one service. */

export const availabilityQuerySchema = z.object({
  days: z
    .string()
    .regex(/^\d{1,2}$/, 'days must be a whole number from 1 to 31')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 31, 'days must be a whole number from 1 to 31')
    .optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'from must be a date such as 2026-11-23')
    .pipe(calendarDate('from must be a real date'))
    .optional(),
  /** The service to book: only starts from which it ends by closing and overlaps nothing are free. */
  serviceId: z
    .string()
    .regex(/^\d{1,9}$/, 'serviceId must be a positive whole number')
    .transform(Number)
    .refine((n) => n > 0, 'serviceId must be a positive whole number')
    .optional(),
  /**
   * Rescheduling: the signed-in customer's own booking being moved. Its current time does not block
   * the new one (a long booking can move by an hour); anyone else's id changes nothing.
   */
  moving: z
    .string()
    .regex(/^\d{1,9}$/, 'moving must be a booking id')
    .transform(Number)
    .optional(),
});

export const slotSchema = z.object({ start: isoDateTime, label: z.string(), available: z.boolean() });
export const availabilityResponseSchema = z.object({
  timeZone: z.string(),
  /** How long the service asked for (or the provider's shortest) lasts, in minutes. */
  durationMinutes: z.number().int(),
  days: z.array(z.object({ date: z.string(), slots: z.array(slotSchema) })),
  /**
   * The signed-in customer's own hold at this provider, while it runs: its time is shown "Held for
   * you" and does not block their other choices (a new hold replaces it).
   */
  yourHold: z
    .object({
      bookingId: z.number().int(),
      start: isoDateTime,
      serviceTitle: z.string(),
      holdExpiresAt: isoDateTime,
    })
    .nullable(),
});
export type Availability = z.infer<typeof availabilityResponseSchema>;
