import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingSchema,
  bookingsQuerySchema,
  bookingsResponseSchema,
  confirmPaymentBodySchema,
  confirmPaymentResponseSchema,
  createBookingBodySchema,
  createPaymentIntentBodySchema,
  createPaymentIntentResponseSchema,
} from '../../../shared/contract/bookings';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedInOnly } from '../../plugins/session';
import { bookingOfPayment, customerBooking, customerBookings } from './bookings.queries';
import { confirmPayment, createHold } from './bookings.usecases';

export const bookingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const errors = {
    400: errorSchema,
    401: errorSchema,
    403: errorSchema,
    404: errorSchema,
    409: errorSchema,
    503: errorSchema,
  };
  // Paying and every booking are for signed-in customers only.
  app.addHook('onRequest', signedInOnly);

  app.post(
    '/create-payment-intent',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Hold a slot for ten minutes and start its payment; the server prices it',
        body: createPaymentIntentBodySchema,
        response: { 200: createPaymentIntentResponseSchema, ...errors, 429: errorSchema },
      },
      // Per account, across processes: with the hold caps, nobody can keep every time of a provider.
      config: {
        rateLimit: {
          max: 20,
          timeWindow: '10 minutes',
          keyGenerator: (request: FastifyRequest) => `user:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request) => createHold(deps, requireUser(request), request.body),
  );

  app.post(
    '/confirm-payment-intent',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Confirm the payment; on success the server confirms the booking',
        body: confirmPaymentBodySchema,
        response: { 200: confirmPaymentResponseSchema, 402: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await confirmPayment(deps, requireUser(request), request.body);
      if (!outcome.ok) return reply.status(402).send({ code: outcome.code, message: outcome.message });
      return { status: 'succeeded', bookingId: outcome.bookingId, referenceNumber: outcome.reference };
    },
  );

  app.post(
    '/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The booking made for a payment (idempotent); never creates a paid booking by itself',
        body: createBookingBodySchema,
        response: { 200: bookingSchema, ...errors },
      },
    },
    async (request) => bookingOfPayment(deps, requireUser(request), request.body.paymentIntentId),
  );

  app.get(
    '/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "The signed-in customer's bookings: ?scope=upcoming (soonest first, holds still running included) or past (most recent first)",
        querystring: bookingsQuerySchema,
        response: { 200: bookingsResponseSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => customerBookings(deps, requireUser(request), request.query.scope),
  );

  app.get(
    '/bookings/:id',
    {
      schema: {
        tags: ['bookings'],
        summary: 'One of your bookings',
        params: idParamsSchema,
        response: { 200: bookingSchema, ...errors },
      },
    },
    async (request) => customerBooking(deps, requireUser(request), request.params.id),
  );
};
