import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingsQuerySchema,
  bookingsResponseSchema,
  cancelBookingBodySchema,
  cancelBookingResponseSchema,
  customerBookingSchema,
  rescheduleBookingBodySchema,
  confirmPaymentBodySchema,
  confirmPaymentResponseSchema,
  createBookingBodySchema,
  createPaymentIntentBodySchema,
  createPaymentIntentResponseSchema,
} from '../../../shared/contract/bookings';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { errorText, hasErrorTranslation } from '../../i18n/server-i18n';
import { requestLocale } from '../../i18n/request-locale';
import { perAccount } from '../../plugins/rate-limit';
import { requireUser, signedInOnly } from '../../plugins/session';
import {
  bookingOfPayment,
  cancelOwnBooking,
  customerBooking,
  customerBookings,
  reportOwnNoShow,
  rescheduleOwnBooking,
} from './bookings.customer';
import { confirmPayment } from './bookings.payment';
import { createHold } from './bookings.usecases';

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
          keyGenerator: perAccount,
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
      if (!outcome.ok) {
        // The processor's sentence in English; in French its code's, or the general one for a code
        // without a sentence of its own (Stripe has dozens of decline codes).
        const key = hasErrorTranslation(outcome.code) ? outcome.code : 'payments.payment_failed';
        const message = errorText(requestLocale(request), { key, english: outcome.message });
        return reply.status(402).send({ code: outcome.code, message });
      }
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
        response: { 200: customerBookingSchema, ...errors },
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
        response: { 200: customerBookingSchema, ...errors },
      },
    },
    async (request) => customerBooking(deps, requireUser(request), request.params.id),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Cancel your booking: refunded by its cancellation policy, once however often it is asked; the time is freed',
        params: idParamsSchema,
        body: cancelBookingBodySchema,
        response: { 200: cancelBookingResponseSchema, ...errors },
      },
    },
    async (request) =>
      cancelOwnBooking(deps, requireUser(request), request.params.id, request.body?.reason ?? null),
  );

  app.post(
    '/bookings/:id/reschedule',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Move your booking to another free time of the same provider, keeping its payment (while a full refund applies, at most twice)',
        params: idParamsSchema,
        body: rescheduleBookingBodySchema,
        response: { 200: customerBookingSchema, ...errors },
      },
    },
    async (request) =>
      rescheduleOwnBooking(deps, requireUser(request), request.params.id, request.body.serviceDate),
  );

  app.post(
    '/bookings/:id/report-no-show',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Report that the professional did not come (30 minutes to 48 hours after the start): an admin settles it',
        params: idParamsSchema,
        response: { 200: customerBookingSchema, ...errors },
      },
    },
    async (request) => reportOwnNoShow(deps, requireUser(request), request.params.id),
  );
};
