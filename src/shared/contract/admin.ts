import { z } from 'zod';
import { applicationRequestSchema } from './applications';
import { USER_ROLES } from './auth';
import { bookingSchema } from './bookings';
import { containsNul, NUL_MESSAGE } from './applications';
import { databaseId, isoDateTime } from './common';

/** The admin dashboard: applications, bookings and users panels. Every call is for admins only. */

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'clarification_needed'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const priceCatalogEntrySchema = z.object({
  serviceName: z.string(),
  price: z.string(),
  description: z.string().nullable(),
  duration: z.string().nullable(),
});

export const applicationDocumentSchema = z.object({
  filename: z.string(),
  originalName: z.string(),
  kind: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});

/** An application as the admin reads it. */
export const adminApplicationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  businessName: z.string(),
  businessNumber: z.string().nullable(),
  googleBusinessUrl: z.string().nullable(),
  city: z.string(),
  cityLabel: z.string(),
  province: z.string(),
  servicesDescription: z.string(),
  operatingDays: z.array(z.string()),
  operatingHours: z.string(),
  /** Stored names of the supporting documents (download through GET /api/documents/{filename}). */
  documents: z.array(z.string()),
  /** Every file of the application, documents, price list and profile image, with their details. */
  files: z.array(applicationDocumentSchema),
  priceCatalog: z.array(priceCatalogEntrySchema),
  hasPriceList: z.boolean(),
  priceListFile: z.string().nullable(),
  priceListUrl: z.string().nullable(),
  profileImage: z.string().nullable(),
  serviceCategory: z.string(),
  applicantType: z.string(),
  category: z.string().nullable(),
  /** The category's slug: the screen says its name in its language. */
  categorySlug: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  providerId: z.number().int().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  adminNotes: z.string().nullable(),
  /** What the admins asked and what the applicant answered, oldest first. */
  requests: z.array(applicationRequestSchema),
  emailVerified: z.boolean(),
  decidedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;
export const adminApplicationsResponseSchema = z.array(adminApplicationSchema);

/** PATCH /api/admin/applications/{id}: approve (category required), reject or ask for information. */
export const applicationDecisionBodySchema = z
  .object({
    status: z.enum(['approved', 'rejected', 'clarification_needed'], {
      message: 'status must be approved, rejected or clarification_needed',
    }),
    adminNotes: z
      .string()
      .trim()
      .max(2000, 'Notes must be at most 2000 characters')
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    categoryId: databaseId('categoryId').optional().nullable(),
  })
  .refine((body) => !containsNul(body), NUL_MESSAGE);
export type ApplicationDecisionBody = z.input<typeof applicationDecisionBodySchema>;

/** The admin's view of a booking is the one view of bookings. */
export const adminBookingSchema = bookingSchema;
export type AdminBooking = z.infer<typeof adminBookingSchema>;
export const adminBookingsResponseSchema = z.array(adminBookingSchema);

/** PATCH /api/admin/bookings/{id}: Confirm Payment (status confirmed) or Cancel (status cancelled). */
/**
 * PATCH /api/admin/bookings/:id: `{ action, reason? }` with action `confirm_payment`, `cancel`, or for a
 * disputed booking `resolve_refund` / `resolve_completed`. The older `{ status: "confirmed" |
 * "cancelled" }` still works.
 */
export const adminBookingUpdateBodySchema = z
  .object({
    action: z
      .enum(['confirm_payment', 'cancel', 'resolve_refund', 'resolve_completed'], {
        message: 'action must be confirm_payment, cancel, resolve_refund or resolve_completed',
      })
      .optional(),
    status: z
      .enum(['confirmed', 'cancelled'], { message: 'status must be confirmed or cancelled' })
      .optional(),
    paymentStatus: z.enum(['confirmed']).optional(),
    reason: z.string().trim().max(500, 'The reason must be at most 500 characters').optional().nullable(),
  })
  .refine((b) => b.action !== undefined || b.status !== undefined, {
    message: 'action must be confirm_payment, cancel, resolve_refund or resolve_completed',
    path: ['action'],
  })
  .transform((b) => ({
    action: b.action ?? (b.status === 'confirmed' ? ('confirm_payment' as const) : ('cancel' as const)),
    reason: b.reason || null,
  }));

export const adminUserSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  role: z.enum(USER_ROLES),
  createdAt: isoDateTime,
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.array(adminUserSchema);

/** PATCH /api/admin/users/{id}: only between user and partner; nobody is made admin from the panel. */
export const adminUserUpdateBodySchema = z.object({
  role: z.enum(['user', 'partner'], { message: 'role must be user or partner' }),
});

/** The panel's counters, computed from the lists. */
export function bookingCounters(list: readonly Pick<AdminBooking, 'status' | 'paymentStatus'>[]) {
  return {
    pending: list.filter((b) => b.status === 'awaiting_payment' || b.paymentStatus === 'pending').length,
    confirmed: list.filter((b) => b.status === 'confirmed' || b.paymentStatus === 'confirmed').length,
    completed: list.filter((b) => b.status === 'completed').length,
  };
}

/** GET /api/admin/jobs: the background queue at a glance. */
export const adminJobsSchema = z.object({
  /** How many jobs of each kind are in each state (finished ones are kept for a week). */
  counts: z.array(
    z.object({
      kind: z.string(),
      state: z.enum(['pending', 'running', 'done', 'skipped', 'failed']),
      count: z.number().int(),
    }),
  ),
  /** Jobs that failed every attempt, newest first: what went wrong the last time. */
  failures: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      key: z.string().nullable(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      failedAt: z.string().nullable(),
    }),
  ),
});
export type AdminJobs = z.infer<typeof adminJobsSchema>;
