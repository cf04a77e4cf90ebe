import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Privacy and consent (docs/product.md §15, DECISIONS 28): a person downloads what Trillium holds
 * about them and deletes their account; promotional e-mail needs their opt-in and carries a one-click
 * unsubscribe (CASL).
 */

/** What a consent is for: promotional e-mail is the one that needs an opt-in. */
export const CONSENT_TOPICS = ['promotional'] as const;
/** Where a change of consent came from. */
export const CONSENT_SOURCES = ['settings', 'unsubscribe_link', 'one_click_unsubscribe'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

const nullableText = z.string().nullable();

/** GET /api/user/export: everything Trillium holds about the signed-in person. */
export const personalDataSchema = z.object({
  format: z.literal('trillium-personal-data/1'),
  generatedAt: isoDateTime,
  profile: z.object({
    id: z.number(),
    username: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: nullableText,
    role: z.string(),
    emailVerified: z.boolean(),
    hasCalendarFeed: z.boolean(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  }),
  address: z.object({
    street: nullableText,
    unit: nullableText,
    city: nullableText,
    province: nullableText,
    postalCode: nullableText,
  }),
  preferences: z.object({ email: z.boolean(), sms: z.boolean(), promotional: z.boolean() }),
  /** The person's numbers (the account's, their bookings') that replied STOP: no text goes to them. */
  textsStopped: z.array(z.object({ phone: z.string(), since: isoDateTime })),
  consentHistory: z.array(
    z.object({
      topic: z.enum(CONSENT_TOPICS),
      granted: z.boolean(),
      source: z.enum(CONSENT_SOURCES),
      at: isoDateTime,
    }),
  ),
  sessions: z.array(
    z.object({
      createdAt: isoDateTime,
      lastSeenAt: isoDateTime,
      expiresAt: isoDateTime,
      remember: z.boolean(),
    }),
  ),
  bookings: z.array(
    z.object({
      reference: z.string(),
      status: z.string(),
      serviceTitle: z.string(),
      providerName: z.string(),
      serviceDate: isoDateTime,
      durationMinutes: z.number(),
      customerName: z.string(),
      customerEmail: z.string(),
      customerPhone: nullableText,
      notes: nullableText,
      location: nullableText,
      deliveredAt: z.string(),
      serviceAddress: z
        .object({
          street: z.string(),
          unit: nullableText,
          city: z.string(),
          province: z.string(),
          postalCode: z.string(),
          accessNotes: nullableText,
        })
        .nullable(),
      cancellationPolicy: z.string(),
      priceCents: z.number(),
      feeCents: z.number(),
      totalCents: z.number(),
      currency: z.string(),
      paymentStatus: z.string(),
      cancelledBy: nullableText,
      cancelReason: nullableText,
      createdAt: isoDateTime,
      confirmedAt: isoDateTime.nullable(),
      cancelledAt: isoDateTime.nullable(),
      completedAt: isoDateTime.nullable(),
      history: z.array(
        z.object({
          kind: z.string(),
          actor: z.string(),
          at: isoDateTime,
          details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
        }),
      ),
      /** Card data is limited to its brand and last four digits (nothing else is kept). */
      payments: z.array(
        z.object({
          processor: z.string(),
          amountCents: z.number(),
          currency: z.string(),
          status: z.string(),
          refundedCents: z.number(),
          card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
          createdAt: isoDateTime,
        }),
      ),
      refunds: z.array(
        z.object({
          amountCents: z.number(),
          status: z.string(),
          createdAt: isoDateTime,
          processedAt: isoDateTime.nullable(),
        }),
      ),
    }),
  ),
  reviews: z.array(
    z.object({
      providerName: z.string(),
      bookingReference: nullableText,
      rating: z.number(),
      comment: z.string(),
      photos: z.array(z.string()),
      hidden: z.boolean(),
      createdAt: isoDateTime,
      editedAt: isoDateTime.nullable(),
    }),
  ),
  reviewReports: z.array(z.object({ reason: z.string(), createdAt: isoDateTime })),
  notifications: z.array(
    z.object({
      title: z.string(),
      message: z.string(),
      type: z.string(),
      linkUrl: nullableText,
      isRead: z.boolean(),
      createdAt: isoDateTime,
    }),
  ),
  savedServices: z.array(z.object({ providerName: z.string(), createdAt: isoDateTime })),
  supportRequests: z.array(
    z.object({ subject: z.string(), category: z.string(), message: z.string(), createdAt: isoDateTime }),
  ),
  applications: z.array(
    z.object({
      status: z.string(),
      fullName: z.string(),
      email: z.string(),
      phone: z.string(),
      businessName: z.string(),
      businessNumber: nullableText,
      googleBusinessUrl: nullableText,
      city: z.string(),
      province: z.string(),
      servicesDescription: z.string(),
      operatingDays: z.array(z.string()),
      operatingHours: z.string(),
      priceCatalog: z.array(
        z.object({
          serviceName: z.string(),
          price: z.string(),
          description: z.string().nullable().optional(),
          duration: z.string().nullable().optional(),
        }),
      ),
      adminNotes: nullableText,
      createdAt: isoDateTime,
      decidedAt: isoDateTime.nullable(),
      exchange: z.array(
        z.object({
          asked: z.string(),
          askedAt: isoDateTime,
          answer: nullableText,
          answeredAt: isoDateTime.nullable(),
        }),
      ),
    }),
  ),
  /** Files uploaded by the person (names and metadata; the files themselves stay on the server). */
  documents: z.array(
    z.object({
      storedName: z.string(),
      originalName: z.string(),
      mimeType: z.string(),
      sizeBytes: z.number(),
      kind: z.string(),
      createdAt: isoDateTime,
    }),
  ),
  /** The listing a partner owns. */
  listing: z.object({ name: z.string(), city: z.string(), createdAt: isoDateTime }).nullable(),
  /** E-mails Trillium sent or is about to send to the person (subjects, not bodies: those hold expired links). */
  emails: z.array(
    z.object({
      kind: z.string(),
      subject: z.string(),
      status: z.string(),
      createdAt: isoDateTime,
      sentAt: isoDateTime.nullable(),
    }),
  ),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

/** GET /api/user/deletion-preview: what deleting the account now would cancel and give back. */
export const deletionPreviewSchema = z.object({
  /** False for the last admin: another admin must exist first. */
  canDelete: z.boolean(),
  blockedReason: nullableText,
  bookings: z.array(
    z.object({
      id: z.number(),
      reference: z.string(),
      serviceTitle: z.string(),
      providerName: z.string(),
      serviceDate: isoDateTime,
      totalCents: z.number(),
      refundCents: z.number(),
      refundPercent: z.number(),
    }),
  ),
  totalRefundCents: z.number(),
  /** A partner's listing: unpublished, and its upcoming bookings cancelled with full refunds. */
  listing: z.object({ name: z.string(), upcomingBookings: z.number() }).nullable(),
});
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;

/** DELETE /api/user: the current password confirms it. */
export const deleteAccountBodySchema = z.object({
  currentPassword: z
    .string({ message: 'Enter your password to delete your account' })
    .min(1, 'Enter your password to delete your account')
    .max(200),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

export const accountDeletedSchema = z.object({
  message: z.string(),
  cancelledBookings: z.number(),
  totalRefundCents: z.number(),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

const unsubscribeToken = z
  .string({ message: 'The unsubscribe link is incomplete.' })
  .trim()
  .min(10, 'The unsubscribe link is incomplete.')
  .max(200, 'The unsubscribe link is not valid.');

/**
 * POST /api/unsubscribe: the token comes in the query (the List-Unsubscribe address, whose one-click
 * POST body is `List-Unsubscribe=One-Click`) or in a JSON body (the /unsubscribe page).
 */
export const unsubscribeQuerySchema = z.object({ token: unsubscribeToken.optional() });
export const unsubscribeBodySchema = z
  .object({ token: unsubscribeToken.optional(), 'List-Unsubscribe': z.string().max(50).optional() })
  .optional();
export const unsubscribedSchema = z.object({ message: z.string(), email: nullableText });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;

/** POST /api/admin/promotional-emails: subject and message, or the announcement of a promotion. */
export const promotionalEmailBodySchema = z.object({
  subject: z
    .string({ message: 'Subject is required' })
    .trim()
    .min(3, 'Subject must be at least 3 characters')
    .max(150, 'Subject must be at most 150 characters'),
  message: z
    .string({ message: 'Message is required' })
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5,000 characters'),
  promotionId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
});
export type PromotionalEmailBody = z.input<typeof promotionalEmailBodySchema>;

export const promotionalEmailSentSchema = z.object({ recipients: z.number(), message: z.string() });

/** GET /api/admin/promotional-emails: who would receive one, and what was sent before. */
export const promotionalEmailsSchema = z.object({
  consentingCount: z.number(),
  sent: z.array(
    z.object({
      id: z.number(),
      subject: z.string(),
      recipientCount: z.number(),
      sentBy: nullableText,
      createdAt: isoDateTime,
    }),
  ),
});
export type PromotionalEmails = z.infer<typeof promotionalEmailsSchema>;
