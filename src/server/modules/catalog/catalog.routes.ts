import type { FastifyReply } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  categoriesResponseSchema,
  providerDetailSchema,
  providersQuerySchema,
  providersResponseSchema,
  serviceNamesResponseSchema,
} from '../../../shared/contract/catalog';
import { reviewsQuerySchema, reviewsResponseSchema } from '../../../shared/contract/reviews';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import type { CachedAnswer } from './catalog.cache';
import {
  categories,
  getProvider,
  getProviderReviews,
  searchProviders,
  serviceNames,
} from './catalog.usecases';

/**
 * The serializer Fastify itself compiles for a response schema: cached answers go through exactly the
 * schema a fresh one would, once, and are then sent as bytes (no per-request encoding and stringify).
 */
function schemaSerializer(schema: z.ZodType, url: string): (data: unknown) => Buffer {
  const serialize = serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' }) as (
    data: unknown,
  ) => string;
  return (data) => Buffer.from(serialize(data));
}

function sendAnswer(reply: FastifyReply, answer: CachedAnswer) {
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

export const catalogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const errors = { 400: errorSchema, 404: errorSchema };
  const serializeProviders = schemaSerializer(providersResponseSchema, '/api/providers');
  const serializeProvider = schemaSerializer(providerDetailSchema, '/api/providers/:id');
  const serializeServiceNames = schemaSerializer(serviceNamesResponseSchema, '/api/service-names');

  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Service categories',
        response: { 200: categoriesResponseSchema },
      },
    },
    async () => categories(deps),
  );

  app.get(
    '/providers',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Search providers',
        description:
          'Full-text search with typo correction, filters and sorting. The number of matches is in the X-Total-Count header; beyond 100 it is 100 and X-Total-Count-Is-Lower-Bound says true ("100+").',
        querystring: providersQuerySchema,
        response: { 200: providersResponseSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const key = `search:${JSON.stringify(request.query)}`;
      const answer = await deps.catalogCache.get(key, async () => {
        const { providers, total, totalIsLowerBound } = await searchProviders(deps, request.query);
        // Beyond 100 matches the count says "at least" (docs/decisions/008).
        const headers: Record<string, string> = { 'X-Total-Count': String(total) };
        if (totalIsLowerBound) headers['X-Total-Count-Is-Lower-Bound'] = 'true';
        return { body: serializeProviders(providers), headers };
      });
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/providers/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One provider, with the count of its visible reviews per star (ratingHistogram)',
        params: idParamsSchema,
        response: { 200: providerDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await deps.catalogCache.get(`provider:${request.params.id}`, async () => ({
        body: serializeProvider(await getProvider(deps, request.params.id)),
      }));
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/providers/:id/reviews',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "A provider's reviews: newest first, or by rating (sort=highest|lowest), one star count (rating=1..5), paged",
        params: idParamsSchema,
        querystring: reviewsQuerySchema,
        response: { 200: reviewsResponseSchema, ...errors },
      },
    },
    async (request) => getProviderReviews(deps, request.params.id, request.query),
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
    async (_request, reply) => {
      const answer = await deps.catalogCache.get('service-names', async () => ({
        body: serializeServiceNames(await serviceNames(deps)),
      }));
      return sendAnswer(reply, answer);
    },
  );
};
