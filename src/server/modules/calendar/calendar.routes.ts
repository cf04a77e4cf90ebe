import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedFileParamsSchema, feedLinkSchema } from '../../../shared/contract/calendar';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { requireUser } from '../../plugins/session';
import { bookingFile, calendarFeed, feedFile, resetCalendarFeed } from './calendar.usecases';

/** Calendar files: a booking's `.ics`, and each account's private feed (docs/product.md §10). */
export const calendarRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['calendar'],
        summary: "A private calendar feed (`{token}.ics`): a partner's bookings or a customer's own",
        params: feedFileParamsSchema,
        response: { 200: z.string(), ...errors },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const body = await feedFile(deps, request.params.file);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  app.get(
    '/user/calendar-feed',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Your private calendar feed link (made on first request)',
        response: { 200: feedLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return calendarFeed(deps, requireUser(request));
    },
  );

  app.post(
    '/user/calendar-feed/reset',
    {
      schema: {
        tags: ['calendar'],
        summary: 'A new feed link; the old one stops working at once',
        response: { 200: feedLinkSchema, ...errors },
      },
    },
    async (request) => resetCalendarFeed(deps, requireUser(request)),
  );

  app.get(
    '/bookings/:id/calendar',
    {
      schema: {
        tags: ['calendar'],
        summary: 'One of your bookings as an .ics file to add to a calendar',
        params: idParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await bookingFile(deps, requireUser(request), request.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
};
