import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import {
  ownReviewSchema,
  reportReviewBodySchema,
  reportReviewResponseSchema,
  reviewBodySchema,
  reviewEditBodySchema,
} from '../../../shared/contract/reviews';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedInOnly } from '../../plugins/session';
import { reviewAdminRoutes, reviewPartnerRoutes } from './reviews.back-office.routes';
import { reportReview } from './reviews.moderation';
import { reviewPhotoRoutes } from './reviews.photos.routes';
import { editReview, getOwnReview, reviewBooking } from './reviews.usecases';

/**
 * Verified reviews (docs/product.md §8): writing, editing and reporting (signed in), photos, and the
 * partner's (/api/partner, partners only) and admins' (/api/admin, admins only) sides, each guarded
 * by its own hook as every other route under those prefixes.
 */
export const reviewRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const usecaseDeps = { db: deps.db, clock: deps.clock, catalogCache: deps.catalogCache };
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

  app.post(
    '/bookings/:id/review',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Review your completed booking (once, within 14 days; photos uploaded first): a verified review of the provider',
        params: idParamsSchema,
        body: reviewBodySchema,
        response: { 201: ownReviewSchema, ...errors },
      },
      onRequest: signedInOnly,
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await reviewBooking(usecaseDeps, requireUser(request), request.params.id, request.body)),
  );

  app.get(
    '/reviews/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: "Your own review, with until when you can change it (anyone else's answers 404)",
        params: idParamsSchema,
        response: { 200: ownReviewSchema, ...errors },
      },
      onRequest: signedInOnly,
    },
    async (request) => getOwnReview(usecaseDeps, requireUser(request), request.params.id),
  );

  app.put(
    '/reviews/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Change the rating and comment of your review (within 48 hours of posting it)',
        params: idParamsSchema,
        body: reviewEditBodySchema,
        response: { 200: ownReviewSchema, ...errors },
      },
      onRequest: signedInOnly,
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
    },
    async (request) => editReview(usecaseDeps, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/reviews/:id/report',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Report a review to the moderators (once per person: a second report counts once)',
        params: idParamsSchema,
        body: reportReviewBodySchema,
        response: { 200: reportReviewResponseSchema, 201: reportReviewResponseSchema, ...errors },
      },
      onRequest: signedInOnly,
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const answer = await reportReview(usecaseDeps, requireUser(request), request.params.id, request.body);
      return reply.code(answer.created ? 201 : 200).send(answer);
    },
  );

  await app.register(reviewPhotoRoutes, deps);
  await app.register(reviewPartnerRoutes, deps);
  await app.register(reviewAdminRoutes, deps);
};
