import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityQuerySchema, availabilityResponseSchema } from '../../../shared/contract/bookings';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import { BOOKING_WINDOW_DAYS, generateSlots } from '../../../shared/domain/slots';
import { addDaysToDate, torontoDate, torontoInstant } from '../../../shared/domain/time';
import type { AppDeps } from '../../app-deps';
import { findAvailabilityInputs } from '../bookings/bookings.repository';
import { bookingErrors } from '../bookings/bookings.errors';
import { catalogErrors } from '../catalog/catalog.errors';

export const availabilityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/providers/:id/availability',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Hourly starts for the next days in the provider’s time zone, for a service (`serviceId`)',
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
      const inputs = await findAvailabilityInputs(deps.db, {
        providerId: request.params.id,
        serviceId: request.query.serviceId,
        from: torontoInstant(from, 0),
        to: torontoInstant(addDaysToDate(from, days + 1), 0),
        now,
      });
      if (!inputs) throw catalogErrors.providerNotFound();
      if (inputs.serviceMinutes === null) throw bookingErrors.unknownService();
      reply.header('cache-control', 'no-store');
      return {
        timeZone: inputs.timeZone,
        durationMinutes: inputs.serviceMinutes,
        days: generateSlots({
          schedule: inputs.schedule,
          from,
          days,
          now,
          busy: inputs.busy,
          durationMinutes: inputs.serviceMinutes,
          timeZone: inputs.timeZone,
        }),
      };
    },
  );
};
