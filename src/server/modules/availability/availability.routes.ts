import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityQuerySchema, availabilityResponseSchema } from '../../../shared/contract/availability';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { providerAvailability } from './availability.usecases';

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
      reply.header('cache-control', 'no-store');
      return providerAvailability(deps, request.params.id, request.query, request.user?.id);
    },
  );
};
