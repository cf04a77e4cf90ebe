import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityQuerySchema, availabilityResponseSchema } from '../../../shared/contract/bookings';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import { BOOKING_WINDOW_DAYS, generateSlots } from '../../../shared/domain/slots';
import { addDaysToDate, torontoDate, torontoInstant } from '../../../shared/domain/time';
import type { AppDeps } from '../../app';
import { findAvailabilityInputs } from '../bookings/bookings.repository';
import { catalogErrors } from '../catalog/catalog.errors';

export const availabilityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/providers/:id/availability',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Hourly slots for the next days, in the provider’s time zone',
        params: idParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const now = deps.clock.now();
      // Every provider is in Toronto for now: the window is counted in Toronto days.
      const from = request.query.from ?? torontoDate(now);
      const days = request.query.days ?? BOOKING_WINDOW_DAYS;
      const inputs = await findAvailabilityInputs(
        deps.db,
        request.params.id,
        torontoInstant(from, 0),
        torontoInstant(addDaysToDate(from, days + 1), 0),
        now,
      );
      if (!inputs) throw catalogErrors.providerNotFound();
      reply.header('cache-control', 'no-store');
      return {
        timeZone: inputs.timeZone,
        days: generateSlots({
          schedule: inputs.schedule,
          from,
          days,
          now,
          taken: inputs.taken,
          timeZone: inputs.timeZone,
        }),
      };
    },
  );
};
