import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementsResponseSchema, promotionsResponseSchema } from '../../../shared/contract/content';
import type { AppDeps } from '../../app-deps';
import { activePromotions, announcements } from './content.usecases';

export const contentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/promotions',
    {
      schema: {
        tags: ['content'],
        summary: 'Promotions that are active today',
        response: { 200: promotionsResponseSchema },
      },
    },
    async () => activePromotions(deps),
  );

  app.get(
    '/announcements',
    {
      schema: {
        tags: ['content'],
        summary: 'Announcements, newest first',
        response: { 200: announcementsResponseSchema },
      },
    },
    async () => announcements(deps),
  );
};
