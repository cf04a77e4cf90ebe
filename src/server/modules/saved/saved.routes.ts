import { z } from 'zod';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/contract/common';
import {
  savedProviderParamsSchema,
  savedServiceBodySchema,
  savedServicesResponseSchema,
} from '../../../shared/contract/notifications';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { savedServices } from '../../db/schema';
import { requireUser, signedInOnly } from '../../plugins/session';
import { catalogErrors } from '../catalog/catalog.errors';
import { loadProviders, providerExists } from '../catalog/catalog.repository';

async function listSaved(db: Executor, userId: number) {
  const rows = await db
    .select({ providerId: savedServices.providerId, createdAt: savedServices.createdAt })
    .from(savedServices)
    .where(eq(savedServices.userId, userId))
    .orderBy(desc(savedServices.createdAt));
  const providers = await loadProviders(
    db,
    rows.map((r) => r.providerId),
  );
  const savedAt = new Map(rows.map((r) => [r.providerId, r.createdAt.toISOString()]));
  return providers.map((p) => ({ ...p, savedAt: savedAt.get(p.id)! }));
}

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
    async (request) => listSaved(deps.db, requireUser(request).id),
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
      const user = requireUser(request);
      if (!(await providerExists(deps.db, request.body.providerId))) throw catalogErrors.providerNotFound();
      await deps.db
        .insert(savedServices)
        .values({ userId: user.id, providerId: request.body.providerId, createdAt: deps.clock.now() })
        .onConflictDoNothing();
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
      const user = requireUser(request);
      const removed = await deps.db
        .delete(savedServices)
        .where(
          and(eq(savedServices.userId, user.id), eq(savedServices.providerId, request.params.providerId)),
        )
        .returning({ providerId: savedServices.providerId });
      if (removed.length === 0)
        throw new AppError(404, 'saved.not_found', 'That provider is not in your saved services.');
      return reply.status(204).send(null);
    },
  );
};
