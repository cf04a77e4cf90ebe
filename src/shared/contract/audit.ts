import { z } from 'zod';
import { decimalNumber, dateTimeInput, isoDateTime } from './common';

/**
 * The admin audit log (GET /api/admin/audit-log): every admin action, who made it and when, what it
 * acted on, and the values before and after. Read-only: nothing in the API changes or removes an entry.
 */

export const AUDIT_ACTIONS = [
  'application.approved',
  'application.rejected',
  'application.more_info_requested',
  'booking.payment_confirmed',
  'booking.cancelled',
  'booking.dispute_refunded',
  'booking.dispute_completed',
  'user.role_changed',
  'review.hidden',
  'review.kept',
  'review.restored',
  'job.retried',
  'promotion.sent',
  'user.data_exported',
  'promotion.created',
  'promotion.updated',
  'announcement.created',
  'announcement.updated',
  'payout.run',
  'payout.retried',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'application',
  'booking',
  'user',
  'review',
  'job',
  'promotional_email',
  'promotion',
  'announcement',
  'payout',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** What people read for each action (the Audit tab). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'application.approved': 'Application approved',
  'application.rejected': 'Application rejected',
  'application.more_info_requested': 'More information requested',
  'booking.payment_confirmed': 'Payment confirmed',
  'booking.cancelled': 'Booking cancelled',
  'booking.dispute_refunded': 'Dispute settled: refunded',
  'booking.dispute_completed': 'Dispute settled: completed',
  'user.role_changed': 'Role changed',
  'review.hidden': 'Review hidden',
  'review.kept': 'Review kept',
  'review.restored': 'Review restored',
  'job.retried': 'Job retried',
  'promotion.sent': 'Promotional e-mail sent',
  'user.data_exported': 'Data exported for a person',
  'promotion.created': 'Promotion created',
  'promotion.updated': 'Promotion changed',
  'announcement.created': 'Announcement created',
  'announcement.updated': 'Announcement changed',
  'payout.run': 'Payout run now',
  'payout.retried': 'Failed payout sent again',
};

export const AUDIT_TARGET_LABELS: Record<AuditTargetType, string> = {
  application: 'Application',
  booking: 'Booking',
  user: 'User',
  review: 'Review',
  job: 'Job',
  promotional_email: 'Promotional e-mail',
  promotion: 'Promotion',
  announcement: 'Announcement',
  payout: 'Payout',
};

/** JSON values as recorded (a small object of the fields the action changed). */
export const auditValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoDateTime,
  admin: z.object({
    id: z.number().int(),
    /** Null once the admin's account is gone: the id stays. */
    name: z.string().nullable(),
  }),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string(),
  before: auditValuesSchema,
  after: auditValuesSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

/** An ISO 8601 instant whose year, in UTC, the database can store (dateTimeInput's 1000 to 9999). */
const instant = (field: string) =>
  z.iso
    .datetime({ offset: true, message: `${field} must be an ISO 8601 date and time` })
    .pipe(
      dateTimeInput(
        `${field} must be an ISO 8601 date and time`,
        `${field} must be an ISO 8601 date and time`,
      ),
    )
    .optional();

/** Filters (all optional, combined with and) and the page, newest first. */
export const auditLogQuerySchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS, { message: 'Unknown action' }).optional(),
    adminId: decimalNumber(
      z
        .number({ message: 'adminId must be a positive whole number' })
        .int('adminId must be a positive whole number')
        .positive('adminId must be a positive whole number')
        .max(2_147_483_647, 'adminId is too large'),
    ).optional(),
    targetType: z.enum(AUDIT_TARGET_TYPES, { message: 'Unknown target type' }).optional(),
    targetId: z
      .string()
      .trim()
      .regex(/^[\w.:-]{1,64}$/, 'targetId must be an id such as 42')
      .optional(),
    /** From this instant (inclusive) ... */
    from: instant('from'),
    /** ... to this one (exclusive). */
    to: instant('to'),
    page: decimalNumber(
      z
        .number({ message: 'page must be a whole number from 1' })
        .int('page must be a whole number from 1')
        .min(1, 'page must be a whole number from 1')
        .max(100_000, 'page is too large'),
    ).default(1),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) < new Date(q.to), {
    message: 'from must be before to',
    path: ['to'],
  });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
export type AuditLogQueryInput = z.input<typeof auditLogQuerySchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Everyone who appears in the log (the admin filter's choices). */
  admins: z.array(z.object({ id: z.number().int(), name: z.string().nullable() })),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
