import { z } from 'zod';
import { emailSchema, fullNameSchema, phoneSchema } from './auth';
import {
  BOOKING_STATUSES,
  CUSTOMER_ACTIONS,
  HISTORY_EVENT_KINDS,
  PAYMENT_STATUSES,
} from '../domain/booking-lifecycle';
import { CANCELLATION_POLICIES } from '../domain/cancellation-policy';
import { DELIVERY_PLACES } from '../domain/delivery';
import { LINE_KINDS } from '../domain/price-lines';
import { serviceAddressSchema, serviceAddressViewSchema } from './address';
import { databaseId, dateTimeInput, isoDateTime } from './common';
import { bookingDocumentsSchema } from './receipts';

/** POST /api/create-payment-intent: the spec's payload. Any amount sent is ignored: the server prices it. */
export const createPaymentIntentBodySchema = z.object({
  providerId: databaseId('providerId'),
  serviceDate: dateTimeInput(
    'Please select date and time for your appointment.',
    'serviceDate must be a date and time',
  ),
  serviceId: databaseId('serviceId').optional().nullable(),
  serviceTitle: z.string().trim().max(120).optional().nullable(),
  customerName: fullNameSchema,
  customerEmail: emailSchema,
  customerPhone: phoneSchema,
  notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional().nullable(),
  /** Required (with a phone number) when the service happens at the customer's address. */
  serviceAddress: serviceAddressSchema.optional().nullable(),
  /**
   * A promo code (one per booking): the server checks it and takes its discount off the service price.
   * Letters are upper-cased; checked by the server (unknown, expired, not applicable, limit reached).
   */
  promoCode: z
    .string({ message: 'The promo code must be text' })
    .trim()
    .max(40, 'That promo code is too long')
    .transform((v) => (v ? v.toUpperCase() : null))
    .optional()
    .nullable(),
  amount: z.unknown().optional(),
  /** Discounts come only from a promo code the server applies: a discount sent by a client is refused. */
  discount: z
    .undefined({ message: 'A discount comes only from a promo code, applied by Trillium' })
    .optional(),
  discountCents: z
    .undefined({ message: 'A discount comes only from a promo code, applied by Trillium' })
    .optional(),
});
export type CreatePaymentIntentBody = z.output<typeof createPaymentIntentBodySchema>;

/**
 * The details a customer types in every booking flow (the desktop dialog, the phone steps, the
 * booking page), checked by the same rules as POST /api/create-payment-intent: a name and an e-mail;
 * for a service at the customer's place (docs/product.md §5) a phone number and an Ontario address.
 * The form keeps text as typed; `bookingDetailsPayload` turns it into the request's fields.
 */
export const bookingDetailsFormSchema = z
  .object({
    deliveredAt: z.enum(DELIVERY_PLACES),
    name: fullNameSchema,
    email: emailSchema,
    phone: z.string(),
    notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters'),
    address: z.object({
      street: z.string(),
      unit: z.string(),
      city: z.string(),
      postalCode: z.string(),
      accessNotes: z.string(),
    }),
  })
  .superRefine((details, context) => {
    const atCustomer = details.deliveredAt === 'customer';
    if (atCustomer && !details.phone.trim())
      context.addIssue({ code: 'custom', path: ['phone'], message: 'Please enter your phone number' });
    else if (!phoneSchema.safeParse(details.phone).success)
      context.addIssue({ code: 'custom', path: ['phone'], message: 'Please enter a valid phone number' });
    if (!atCustomer) return;
    const address = serviceAddressSchema.safeParse({ ...details.address, province: 'ON' });
    for (const issue of address.success ? [] : address.error.issues)
      context.addIssue({ code: 'custom', path: ['address', ...issue.path], message: issue.message });
  });
export type BookingDetailsForm = z.input<typeof bookingDetailsFormSchema>;

/** The request fields a valid details form gives (the service address only for a service at home). */
export function bookingDetailsPayload(details: BookingDetailsForm) {
  const address =
    details.deliveredAt === 'customer'
      ? serviceAddressSchema.safeParse({ ...details.address, province: 'ON' })
      : null;
  return {
    customerName: details.name.trim(),
    customerEmail: details.email.trim(),
    customerPhone: details.phone.trim() || null,
    notes: details.notes.trim() || null,
    serviceAddress: address?.success ? address.data : null,
  };
}

/** One line of a price, in cents (docs/product.md §7): a discount is negative; the lines add up to the total. */
export const moneyLineSchema = z.object({
  kind: z.enum(LINE_KINDS),
  label: z.string(),
  amount: z.number().int(),
});
export type MoneyLineView = z.infer<typeof moneyLineSchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  bookingId: z.number().int(),
  referenceNumber: z.string(),
  /** Integer cents charged (the sum of `lines`), as card processors count. */
  amount: z.number().int(),
  /** What is charged, line by line, as the server priced it. */
  lines: z.array(moneyLineSchema),
  /** The promo code applied (its discount is the `discount` line), or null. */
  promoCode: z.string().nullable(),
  priceCents: z.number().int(),
  feeCents: z.number().int(),
  currency: z.string(),
  holdExpiresAt: isoDateTime,
  processor: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
  /** The cancellation terms this booking gets, shown before paying (docs/product.md §9). */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  /** How long the booked service lasts. */
  durationMinutes: z.number().int(),
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
  /** A promo code's discount on the service price, in cents (0 or more). */
  discountCents: z.number().int(),
  /** HST (on the service and on the fee), in cents. */
  taxCents: z.number().int(),
  /** What the customer paid (the sum of `lines`), in cents. */
  totalCents: z.number().int(),
  /** The lines as charged (service, discount, fee, HST); a later change of rates never rewrites them. */
  lines: z.array(moneyLineSchema),
  /** What was given back, split across the same lines (they add up to `refundedCents`). */
  refundedLines: z.array(moneyLineSchema),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  notes: z.string().nullable(),
  holdExpiresAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  /** When it was paid (null until then). */
  paidAt: isoDateTime.nullable(),
  /** When it was completed (null until then): the review window counts from here. */
  completedAt: isoDateTime.nullable(),
  /** When an admin settled a dispute about it (null: none): final, no no-show is reported again. */
  disputeSettledAt: isoDateTime.nullable(),
  /** When the booked time ends (the service's duration after the start). */
  endsAt: isoDateTime,
  /** The policy in force when it was booked (docs/product.md §9); a later change never applies. */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  /** How many times the customer has moved it (at most twice). */
  rescheduleCount: z.number().int(),
  cancelledBy: z.enum(['customer', 'partner', 'admin', 'system']).nullable(),
  cancelReason: z.string().nullable(),
  /** Given back so far (or on its way), in cents. */
  refundedCents: z.number().int(),
  /** `none`, or how the refunds are going: `pending` until the processor has made them. */
  refundStatus: z.enum(['none', 'pending', 'succeeded', 'failed']),
});
export type Booking = z.infer<typeof bookingSchema>;

/** One step of a booking's history: what happened, who did it, with its facts (times, cents, reason). */
export const bookingEventSchema = z.object({
  kind: z.enum(HISTORY_EVENT_KINDS),
  actor: z.enum(['customer', 'partner', 'admin', 'system']),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  at: isoDateTime,
});
export type BookingEvent = z.infer<typeof bookingEventSchema>;

/** A booking as its customer reads it: what they may do now, what cancelling would give back, its history. */
export const customerBookingSchema = bookingSchema.extend({
  allowedActions: z.array(z.enum(CUSTOMER_ACTIONS)),
  /** The customer's review of it, once written. */
  reviewId: z.number().int().nullable(),
  /** The refund if cancelled now (null when it cannot be cancelled), and when it drops next. */
  refundIfCancelledNow: z
    .object({
      amountCents: z.number().int(),
      percent: z.number().int(),
      dropsAt: isoDateTime.nullable(),
      /** `policy` (the booking's policy at this time) or `grace` (within 15 minutes of paying). */
      reason: z.enum(['policy', 'grace', 'not_customer']),
    })
    .nullable(),
  history: z.array(bookingEventSchema),
  /** Its receipt once paid, and a credit note for each refund (PDF downloads, docs/product.md §7). */
  documents: bookingDocumentsSchema,
});
export type CustomerBooking = z.infer<typeof customerBookingSchema>;
export const bookingsResponseSchema = z.array(customerBookingSchema);

/** POST /api/bookings/:id/cancel */
export const cancelBookingBodySchema = z
  .object({
    reason: z.string().trim().max(500, 'The reason must be at most 500 characters').optional().nullable(),
  })
  .nullable()
  .optional();
export const cancelBookingResponseSchema = customerBookingSchema.extend({
  /** What this booking's cancellation gives back, in cents (the same on a second call). */
  refundAmount: z.number().int(),
});

/** POST /api/bookings/:id/reschedule */
export const rescheduleBookingBodySchema = z.object({
  serviceDate: dateTimeInput('Please choose the new date and time.', 'serviceDate must be a date and time'),
});

/** GET /api/bookings?scope=upcoming|past */
export const bookingsQuerySchema = z.object({
  scope: z.enum(['upcoming', 'past'], { message: 'scope must be upcoming or past' }).optional(),
});

/** POST /api/bookings: the spec's payload; with a paymentIntentId it answers the booking made for that payment. */
export const createBookingBodySchema = z
  .object({ paymentIntentId: z.string().max(100).optional().nullable() })
  .passthrough();
