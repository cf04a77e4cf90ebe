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
  partnerStatusSchema,
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
          summary: 'Mark a booking completed (after its start) or cancel it (full refund, customer e-mailed)',
          params: idParamsSchema,
          body: partnerBookingUpdateBodySchema,
          response: { 200: partnerBookingSchema, 502: errorSchema, ...errors },
        },
      },
      async (request) =>
        updatePartnerBooking(usecaseDeps, requireUser(request), request.params.id, request.body.status),
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
  });
};
