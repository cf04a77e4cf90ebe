import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import {
  partnerBookingSchema,
  partnerBookingsResponseSchema,
  partnerBookingUpdateBodySchema,
  partnerListingBodySchema,
  partnerListingSchema,
  partnerScheduleBodySchema,
  partnerServicesBodySchema,
  partnerBookingRulesBodySchema,
  partnerStatusSchema,
  timeOffBodySchema,
  timeOffListSchema,
  timeOffSchema,
} from '../../../shared/contract/partner';
import type { AppDeps } from '../../app-deps';
import { requireUser, rolesOnly } from '../../plugins/session';
import {
  getListing,
  partnerBookings,
  partnerStatus,
  updateListing,
  updatePartnerBooking,
  updateSchedule,
  updateServices,
} from './partner.usecases';
import { addTimeOff, removeTimeOff, timeOffOf, updateRules } from './partner.time-off';

/** The partner-status check (any visitor) and /api/partner/* (partners only, one guard hook). */
export const partnerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const usecaseDeps = {
    db: deps.database.db,
    clock: deps.clock,
    env: deps.env,
    payments: deps.payments,
    catalogCache: deps.catalogCache,
    storage: deps.storage,
  };

  app.get(
    '/user/partner-status',
    {
      schema: {
        tags: ['partner'],
        summary: 'Whether the signed-in account is an approved partner, and its listing',
        response: { 200: partnerStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return partnerStatus(deps.db, request.user);
    },
  );

  await app.register(async (scope) => {
    const partner = scope.withTypeProvider<ZodTypeProvider>();
    partner.addHook('onRequest', rolesOnly('partner'));
    const errors = {
      400: errorSchema,
      401: errorSchema,
      403: errorSchema,
      404: errorSchema,
      409: errorSchema,
    };

    partner.get(
      '/partner/bookings',
      {
        schema: {
          tags: ['partner'],
          summary: "The bookings of the partner's own listing, newest appointment first",
          response: { 200: partnerBookingsResponseSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request) => partnerBookings(usecaseDeps, requireUser(request)),
    );

    partner.patch(
      '/partner/bookings/:id',
      {
        schema: {
          tags: ['partner'],
          summary:
            'Mark a booking completed (after its start) or a no-show (15 minutes to 48 hours after), or cancel it (full refund, customer told why)',
          params: idParamsSchema,
          body: partnerBookingUpdateBodySchema,
          response: { 200: partnerBookingSchema, 502: errorSchema, ...errors },
        },
      },
      async (request) =>
        updatePartnerBooking(usecaseDeps, requireUser(request), request.params.id, request.body),
    );

    partner.get(
      '/partner/listing',
      {
        schema: {
          tags: ['partner'],
          summary: "The partner's listing: details, services and weekly hours",
          response: { 200: partnerListingSchema, ...errors },
        },
      },
      async (request) => getListing(usecaseDeps, requireUser(request)),
    );

    partner.put(
      '/partner/listing',
      {
        schema: {
          tags: ['partner'],
          summary: 'Edit the description, city and photo',
          body: partnerListingBodySchema,
          response: { 200: partnerListingSchema, ...errors },
        },
      },
      async (request) => updateListing(usecaseDeps, requireUser(request), request.body),
    );

    partner.put(
      '/partner/services',
      {
        schema: {
          tags: ['partner'],
          summary: 'Replace the services (1-30); the starting price becomes the cheapest',
          body: partnerServicesBodySchema,
          response: { 200: partnerListingSchema, ...errors },
        },
      },
      async (request) => updateServices(usecaseDeps, requireUser(request), request.body.services),
    );

    partner.put(
      '/partner/schedule',
      {
        schema: {
          tags: ['partner'],
          summary: 'Replace the weekly hours (days 0-6, quarter-hour times)',
          body: partnerScheduleBodySchema,
          response: { 200: partnerListingSchema, ...errors },
        },
      },
      async (request) => updateSchedule(usecaseDeps, requireUser(request), request.body.schedule),
    );

    partner.put(
      '/partner/booking-rules',
      {
        schema: {
          tags: ['partner'],
          summary:
            'Minimum notice (hours), buffer after each booking (minutes) and the cancellation policy for new bookings',
          body: partnerBookingRulesBodySchema,
          response: { 200: partnerListingSchema, ...errors },
        },
      },
      async (request) => updateRules(usecaseDeps, requireUser(request), request.body),
    );

    partner.get(
      '/partner/time-off',
      {
        schema: {
          tags: ['partner'],
          summary: 'Your time off from today on, each with the bookings that fall in it',
          response: { 200: timeOffListSchema, ...errors },
        },
      },
      async (request) => timeOffOf(usecaseDeps, requireUser(request)),
    );

    partner.post(
      '/partner/time-off',
      {
        schema: {
          tags: ['partner'],
          summary:
            'Close whole days (Toronto dates, both included): no slot is offered or accepted; existing bookings are listed, not cancelled',
          body: timeOffBodySchema,
          response: { 201: timeOffSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await addTimeOff(usecaseDeps, requireUser(request), request.body)),
    );

    partner.delete(
      '/partner/time-off/:id',
      {
        schema: {
          tags: ['partner'],
          summary: 'Open those days again',
          params: idParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await removeTimeOff(usecaseDeps, requireUser(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  });
};
