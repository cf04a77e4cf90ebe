import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoriesResponseSchema,
  providerSchema,
  providersQuerySchema,
  providersResponseSchema,
  reviewsResponseSchema,
  serviceNamesResponseSchema,
} from '../../../shared/contract/catalog';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app';
import { listCategories, listServiceNames } from './catalog.repository';
import { getProvider, getProviderReviews, searchProviders } from './catalog.usecases';

export const catalogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const errors = { 400: errorSchema, 404: errorSchema };

  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Service categories',
        response: { 200: categoriesResponseSchema },
      },
    },
    async () => listCategories(deps.db),
  );

  app.get(
    '/providers',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Search providers',
        description:
          'Full-text search with typo correction, filters and sorting. The number of matches is in the X-Total-Count header.',
        querystring: providersQuerySchema,
        response: { 200: providersResponseSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const key = `search:${JSON.stringify(request.query)}`;
      const { providers, total } = await deps.catalogCache.get(key, () =>
        searchProviders(deps, request.query),
      );
      reply.header('X-Total-Count', String(total));
      return providers;
    },
  );

  app.get(
    '/providers/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One provider',
        params: idParamsSchema,
        response: { 200: providerSchema, ...errors },
      },
    },
    async (request) =>
      deps.catalogCache.get(`provider:${request.params.id}`, () => getProvider(deps, request.params.id)),
  );

  app.get(
    '/providers/:id/reviews',
    {
      schema: {
        tags: ['catalog'],
        summary: "A provider's reviews, newest first",
        params: idParamsSchema,
        response: { 200: reviewsResponseSchema, ...errors },
      },
    },
    async (request) => getProviderReviews(deps, request.params.id),
  );

  app.get(
    '/service-names',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Distinct service names, for search suggestions',
        response: { 200: serviceNamesResponseSchema },
      },
    },
    async () => deps.catalogCache.get('service-names', () => listServiceNames(deps.db)),
  );
};
