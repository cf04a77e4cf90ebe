import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewBodySchema } from '../../../shared/contract/bookings';
import { reviewSchema } from '../../../shared/contract/catalog';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedInOnly } from '../../plugins/session';
import { reviewBooking } from './reviews.usecases';

/** Writing verified reviews (docs/product.md §8). */
export const reviewRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const usecaseDeps = { db: deps.db, clock: deps.clock, catalogCache: deps.catalogCache };
  app.post(
    '/bookings/:id/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Review your completed booking (once, within 14 days): a verified review of the provider',
        params: idParamsSchema,
        body: reviewBodySchema,
        response: {
          201: reviewSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
      onRequest: signedInOnly,
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await reviewBooking(usecaseDeps, requireUser(request), request.params.id, request.body)),
  );
};
