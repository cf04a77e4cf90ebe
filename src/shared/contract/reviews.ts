import { z } from 'zod';
import { decimalNumber, isoDateTime } from './common';

/**
 * Verified reviews (docs/product.md §8): writing one for a completed booking, editing it for 48 hours,
 * photos, the partner's reply, reports, admin moderation, and reading them on the provider's page.
 */

/** The author may change the rating and comment this long after writing the review. */
export const REVIEW_EDIT_HOURS = 48;
/** Photos per review, and the limit of each file as sent (it is re-encoded as WebP, at most 1600 px). */
export const REVIEW_PHOTO_LIMITS = {
  maxPhotos: 4,
  maxBytes: 5 * 1024 * 1024,
  maxSide: 1600,
  accept: 'image/jpeg,image/png,image/webp',
} as const;

/** The partner's public answer under a review. */
export const reviewReplySchema = z.object({ text: z.string(), createdAt: isoDateTime });
export type ReviewReply = z.infer<typeof reviewReplySchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: isoDateTime,
  bookingId: z.number().int().nullable(),
  /** Written by the customer of a completed booking (the "Verified Purchase" badge). */
  verified: z.boolean(),
  /** The author changed it after posting (the review says "Edited"). */
  edited: z.boolean(),
  /** Addresses of the photos (WebP). */
  photos: z.array(z.string()),
  videos: z.array(z.string()),
  user: z.object({ fullName: z.string() }),
  reply: reviewReplySchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewsResponseSchema = z.array(reviewSchema);

/** Count of visible reviews per star (GET /api/providers/:id). */
export const ratingHistogramSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
});
export type RatingHistogram = z.infer<typeof ratingHistogramSchema>;

export const REVIEW_SORTS = ['recent', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** GET /api/providers/:id/reviews: newest first by default; by rating; one star count only; paged. */
export const reviewsQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS, { message: 'sort must be recent, highest or lowest' }).default('recent'),
  rating: decimalNumber(
    z
      .number({ message: 'rating must be 1 to 5' })
      .int('rating must be 1 to 5')
      .min(1, 'rating must be 1 to 5')
      .max(5, 'rating must be 1 to 5'),
  ).optional(),
  limit: decimalNumber(z.number().int().min(1).max(200)).default(200),
  offset: decimalNumber(z.number().int().min(0).max(100_000)).default(0),
});
export type ReviewsQuery = z.output<typeof reviewsQuerySchema>;
export type ReviewsQueryInput = z.input<typeof reviewsQuerySchema>;

const ratingField = decimalNumber(
  z
    .number({ message: 'Please choose a rating from 1 to 5 stars' })
    .int('Please choose a rating from 1 to 5 stars')
    .min(1, 'Please choose a rating from 1 to 5 stars')
    .max(5, 'Please choose a rating from 1 to 5 stars'),
);
const commentField = z
  .string({ message: 'Please tell others how it went (at least 10 characters)' })
  .trim()
  .min(10, 'Please tell others how it went (at least 10 characters)')
  .max(2000, 'Your review must be at most 2,000 characters');

/** A review photo as the upload answers it: `id` is what the review names. */
export const REVIEW_PHOTO_ID = /^[a-f0-9]{32}-photo\.webp$/;
export const reviewPhotoIdSchema = z
  .string({ message: 'Unknown photo' })
  .regex(REVIEW_PHOTO_ID, 'Unknown photo: upload it first');

/** POST /api/bookings/:id/review: a verified review of a completed booking. */
export const reviewBodySchema = z.object({
  rating: ratingField,
  comment: commentField,
  photos: z
    .array(reviewPhotoIdSchema, { message: 'photos must be a list of uploaded photos' })
    .max(REVIEW_PHOTO_LIMITS.maxPhotos, `At most ${REVIEW_PHOTO_LIMITS.maxPhotos} photos per review`)
    .refine((ids) => new Set(ids).size === ids.length, 'The same photo is listed twice')
    .optional(),
});
export type ReviewBody = z.input<typeof reviewBodySchema>;

/** PUT /api/reviews/:id: the author changes the rating and comment (within 48 hours). */
export const reviewEditBodySchema = z.object({ rating: ratingField, comment: commentField });
export type ReviewEditBody = z.input<typeof reviewEditBodySchema>;

/** The author's own review (POST, PUT and GET /api/reviews/:id): with how long it can be edited. */
export const ownReviewSchema = reviewSchema.extend({
  providerId: z.number().int(),
  /** Until when the author may edit it. */
  editableUntil: isoDateTime,
  /** Hidden by an admin: it is not on the provider's page and can no longer be edited. */
  hidden: z.boolean(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** POST /api/reviews/photos (multipart, field "photos"): the stored photos, in the order sent. */
export const reviewPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export const reviewPhotosResponseSchema = z.object({ photos: z.array(reviewPhotoSchema) });
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

/** POST /api/reviews/:id/report */
export const reportReviewBodySchema = z.object({
  reason: z
    .string({ message: 'Please tell us what is wrong with this review' })
    .trim()
    .min(3, 'Please tell us what is wrong with this review')
    .max(500, 'The reason must be at most 500 characters'),
});
export type ReportReviewBody = z.input<typeof reportReviewBodySchema>;
export const reportReviewResponseSchema = z.object({
  /** False when this person had reported it before: a second report counts once. */
  created: z.boolean(),
  message: z.string(),
});

/** POST /api/partner/reviews/:id/reply: the partner's one public reply (creates or replaces it). */
export const reviewReplyBodySchema = z.object({
  text: z
    .string({ message: 'Please write your reply' })
    .trim()
    .min(2, 'Please write your reply')
    .max(1000, 'Your reply must be at most 1,000 characters'),
});
export type ReviewReplyBody = z.input<typeof reviewReplyBodySchema>;

/** GET /api/partner/reviews: the listing's visible reviews, newest first; unreplied ones marked. */
export const partnerReviewSchema = reviewSchema.extend({ needsReply: z.boolean() });
export type PartnerReview = z.infer<typeof partnerReviewSchema>;
export const partnerReviewsResponseSchema = z.array(partnerReviewSchema);

export const REVIEW_DECISIONS = ['hide', 'keep', 'restore'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** POST /api/admin/reviews/:id/hide|keep|restore */
export const reviewDecisionBodySchema = z.object({
  reason: z
    .string({ message: 'Please give a reason (it is recorded with your decision)' })
    .trim()
    .min(3, 'Please give a reason (it is recorded with your decision)')
    .max(500, 'The reason must be at most 500 characters'),
});
export type ReviewDecisionBody = z.input<typeof reviewDecisionBodySchema>;

export const ADMIN_REVIEW_STATES = ['reported', 'hidden', 'all'] as const;
/** GET /api/admin/reviews?state=reported|hidden|all (default reported: open reports to decide). */
export const adminReviewsQuerySchema = z.object({
  state: z
    .enum(ADMIN_REVIEW_STATES, { message: 'state must be reported, hidden or all' })
    .default('reported'),
});

export const adminReviewSchema = reviewSchema.extend({
  provider: z.object({ id: z.number().int(), name: z.string() }),
  hidden: z.boolean(),
  /** Reports not yet decided on, newest first. */
  openReports: z.array(z.object({ reason: z.string(), createdAt: isoDateTime })),
  /** Everyone who ever reported it (one each). */
  reportCount: z.number().int(),
  /** Every decision, newest first. */
  decisions: z.array(
    z.object({
      decision: z.enum(REVIEW_DECISIONS),
      reason: z.string(),
      createdAt: isoDateTime,
      adminName: z.string(),
    }),
  ),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsResponseSchema = z.array(adminReviewSchema);
