import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityQuerySchema, availabilityResponseSchema } from '../../../shared/contract/bookings';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import { BOOKING_WINDOW_DAYS, generateSlots } from '../../../shared/domain/slots';
import { addDaysToDate, torontoDate, torontoInstant } from '../../../shared/domain/time';
import type { AppDeps } from '../../app';
import { takenStarts } from '../bookings/bookings.repository';
import { catalogErrors } from '../catalog/catalog.errors';
import { loadProviders } from '../catalog/catalog.repository';

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
      const [provider] = await loadProviders(deps.db, [request.params.id]);
      if (!provider) throw catalogErrors.providerNotFound();
      const now = deps.clock.now();
      const from = request.query.from ?? torontoDate(now, provider.timeZone);
      const days = request.query.days ?? BOOKING_WINDOW_DAYS;
      const taken = await takenStarts(
        deps.db,
        provider.id,
        torontoInstant(from, 0, provider.timeZone),
        torontoInstant(addDaysToDate(from, days + 1), 0, provider.timeZone),
        now,
      );
      reply.header('cache-control', 'no-store');
      return {
        timeZone: provider.timeZone,
        days: generateSlots({
          schedule: provider.schedule,
          from,
          days,
          now,
          taken,
          timeZone: provider.timeZone,
        }),
      };
    },
  );
};
