import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/contract/common';
import {
  savedProviderParamsSchema,
  savedServiceBodySchema,
  savedServicesResponseSchema,
} from '../../../shared/contract/saved';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedInOnly } from '../../plugins/session';
import { forgetProvider, listSaved, saveProvider } from './saved.usecases';

export const savedRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', signedInOnly);
  const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

  app.get(
    '/saved-services',
    {
      schema: {
        tags: ['saved'],
        summary: 'Your saved providers',
        response: { 200: savedServicesResponseSchema, 401: errorSchema },
      },
    },
    async (request) => listSaved(deps, requireUser(request).id),
  );

  app.post(
    '/saved-services',
    {
      schema: {
        tags: ['saved'],
        summary: 'Save a provider (saving twice is harmless)',
        body: savedServiceBodySchema,
        response: { 201: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await saveProvider(deps, requireUser(request).id, request.body.providerId);
      return reply.status(201).send(null);
    },
  );

  app.delete(
    '/saved-services/:providerId',
    {
      schema: {
        tags: ['saved'],
        summary: 'Forget a saved provider',
        params: savedProviderParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await forgetProvider(deps, requireUser(request).id, request.params.providerId);
      return reply.status(204).send(null);
    },
  );
};
