import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import {
  adminReviewSchema,
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  partnerReviewSchema,
  partnerReviewsResponseSchema,
  REVIEW_DECISIONS,
  reviewDecisionBodySchema,
  reviewReplyBodySchema,
} from '../../../shared/contract/reviews';
import type { AppDeps } from '../../app-deps';
import { requireUser, rolesOnly } from '../../plugins/session';
import { decideReview, moderationList } from './reviews.moderation';
import { partnerReviews, replyToReview } from './reviews.replies';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** /api/partner/reviews*: partners only (one guard hook, as every /api/partner route). */
export const reviewPartnerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', rolesOnly('partner'));
  const usecaseDeps = { db: deps.db, clock: deps.clock };

  app.get(
    '/partner/reviews',
    {
      schema: {
        tags: ['partner', 'reviews'],
        summary: "The reviews of the partner's own listing, newest first (needsReply: not answered yet)",
        response: { 200: partnerReviewsResponseSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => partnerReviews(usecaseDeps, requireUser(request)),
  );

  app.post(
    '/partner/reviews/:id/reply',
    {
      schema: {
        tags: ['partner', 'reviews'],
        summary:
          "Post the public reply to a review of your listing, or change it (one per review; another listing's review answers 404)",
        params: idParamsSchema,
        body: reviewReplyBodySchema,
        response: { 200: partnerReviewSchema, 201: partnerReviewSchema, ...errors },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const { created, review } = await replyToReview(
        usecaseDeps,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(review);
    },
  );
};

/** /api/admin/reviews*: admins only (one guard hook, as every /api/admin route). */
export const reviewAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', rolesOnly('admin'));
  const usecaseDeps = { db: deps.db, clock: deps.clock, catalogCache: deps.catalogCache, env: deps.env };

  app.get(
    '/admin/reviews',
    {
      schema: {
        tags: ['admin', 'reviews'],
        summary:
          'Reviews to moderate: reported (open reports, default), hidden, or all ever reported or hidden; with every decision',
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsResponseSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => moderationList(usecaseDeps, request.query.state),
  );

  const summaries = {
    hide: 'Hide a review: it leaves the page, the histogram and the rating; the author is told why',
    keep: 'Keep a reported review: its open reports are dismissed',
    restore: 'Show a hidden review again; the author is told',
  } as const;
  for (const decision of REVIEW_DECISIONS) {
    app.post(
      `/admin/reviews/:id/${decision}`,
      {
        schema: {
          tags: ['admin', 'reviews'],
          summary: `${summaries[decision]} (recorded with the admin, the time and the reason)`,
          params: idParamsSchema,
          body: reviewDecisionBodySchema,
          response: { 200: adminReviewSchema, ...errors },
        },
      },
      async (request) =>
        decideReview(usecaseDeps, requireUser(request), request.params.id, decision, request.body),
    );
  }
};
