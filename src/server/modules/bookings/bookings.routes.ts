import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingSchema,
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
import { bookingErrors } from './bookings.errors';
import { findBookingView, listBookingViews } from './bookings.views.repository';
import { confirmPayment, createHold, findOwnBookingByIntent } from './bookings.usecases';

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
    async (request) => {
      const user = requireUser(request);
      if (!request.body.paymentIntentId) throw bookingErrors.needsPayment();
      const booking = await findOwnBookingByIntent(deps, user, request.body.paymentIntentId);
      const view = await findBookingView(deps.db, booking.id, { customerId: user.id });
      if (!view) throw bookingErrors.notFound();
      return view;
    },
  );

  app.get(
    '/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: "The signed-in customer's bookings",
        response: { 200: bookingsResponseSchema, 401: errorSchema },
      },
    },
    async (request) => listBookingViews(deps.db, { customerId: requireUser(request).id }, deps.clock.now()),
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
    async (request) => {
      const booking = await findBookingView(deps.db, request.params.id, {
        customerId: requireUser(request).id,
      });
      if (!booking) throw bookingErrors.notFound();
      return booking;
    },
  );
};
