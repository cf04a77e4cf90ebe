import { z } from 'zod';
import { emailSchema, fullNameSchema, phoneSchema } from './auth';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '../domain/booking-lifecycle';
import { DELIVERY_PLACES } from '../domain/delivery';
import { serviceAddressSchema, serviceAddressViewSchema } from './address';
import { isoDateTime } from './common';

/** POST /api/create-payment-intent: the spec's payload. Any amount sent is ignored: the server prices it. */
export const createPaymentIntentBodySchema = z.object({
  providerId: z.coerce
    .number({ message: 'providerId must be a number' })
    .int()
    .positive('providerId must be a number'),
  serviceDate: z
    .string({ message: 'Please select date and time for your appointment.' })
    .refine((s) => !Number.isNaN(Date.parse(s)), {
      message: 'serviceDate must be a date and time',
    }),
  serviceId: z.coerce.number().int().positive().optional().nullable(),
  serviceTitle: z.string().trim().max(120).optional().nullable(),
  customerName: fullNameSchema,
  customerEmail: emailSchema,
  customerPhone: phoneSchema,
  notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional().nullable(),
  /** Required (with a phone number) when the service happens at the customer's address. */
  serviceAddress: serviceAddressSchema.optional().nullable(),
  amount: z.unknown().optional(),
});
export type CreatePaymentIntentBody = z.output<typeof createPaymentIntentBodySchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  bookingId: z.number().int(),
  referenceNumber: z.string(),
  /** Integer cents charged (service plus fee), as card processors count. */
  amount: z.number().int(),
  priceCents: z.number().int(),
  feeCents: z.number().int(),
  currency: z.string(),
  holdExpiresAt: isoDateTime,
  processor: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
});

export const confirmPaymentBodySchema = z.object({
  paymentIntentId: z.string().min(3).max(100),
  paymentMethodId: z.string().min(3).max(100).optional(),
});
export const confirmPaymentResponseSchema = z.object({
  status: z.string(),
  bookingId: z.number().int(),
  referenceNumber: z.string(),
});

/**
 * A booking as every view shows it (the customer's, the partner's and the admin's), with the same
 * names and units everywhere: money in integer cents (`...Cents`), instants as ISO strings.
 */
export const bookingSchema = z.object({
  id: z.number().int(),
  referenceNumber: z.string(),
  providerId: z.number().int(),
  providerName: z.string(),
  /** The provider's service booked (null for the Basic / Premium / Deluxe tiers, or a service since removed). */
  serviceId: z.number().int().nullable(),
  serviceTitle: z.string(),
  serviceDate: isoDateTime,
  /** `10:00 AM`, Toronto time. */
  serviceTime: z.string(),
  durationMinutes: z.number().int(),
  /** Where the service happens. */
  deliveredAt: z.enum(DELIVERY_PLACES),
  /**
   * The customer's address for a service at their place (with access notes). The partner sees it until
   * 30 days after the appointment, then only the city (in `location`).
   */
  serviceAddress: serviceAddressViewSchema.nullable(),
  /** One line: the service address, or the provider's address (or city) for a service at their place. */
  location: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The service price, in cents. */
  priceCents: z.number().int(),
  /** Trillium's service fee, in cents. */
  feeCents: z.number().int(),
  /** What the customer paid (service plus fee), in cents. */
  totalCents: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  notes: z.string().nullable(),
  holdExpiresAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Booking = z.infer<typeof bookingSchema>;
export const bookingsResponseSchema = z.array(bookingSchema);

/** GET /api/bookings?scope=upcoming|past */
export const bookingsQuerySchema = z.object({
  scope: z.enum(['upcoming', 'past'], { message: 'scope must be upcoming or past' }).optional(),
});

/** POST /api/bookings: the spec's payload; with a paymentIntentId it answers the booking made for that payment. */
export const createBookingBodySchema = z
  .object({ paymentIntentId: z.string().max(100).optional().nullable() })
  .passthrough();
