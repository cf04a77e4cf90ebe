import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationBodySchema,
  applicationCreatedSchema,
  verifyEmailQuerySchema,
  verifyEmailResponseSchema,
} from '../../../shared/contract/applications';
import { errorSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { documentRoutes } from './documents.routes';
import { submitApplication, verifyEmail } from './applications.usecases';

/** Professional registration (open to visitors), e-mail verification and the documents routes. */
export const applicationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { storage } = deps;
  const usecaseDeps = { db: deps.database.db, clock: deps.clock, env: deps.env, storage };
  await app.register(documentRoutes, deps);

  app.post(
    '/provider-applications',
    {
      schema: {
        tags: ['applications'],
        summary: 'Apply as a professional: creates the account (role user) and a pending application',
        body: applicationBodySchema,
        response: {
          201: applicationCreatedSchema,
          400: errorSchema,
          409: errorSchema,
          413: errorSchema,
          429: errorSchema,
        },
      },
      // Room for a 5 MB profile image sent as a data URL.
      bodyLimit: 8 * 1024 * 1024,
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const applicationId = await submitApplication(usecaseDeps, request.body);
      return reply.status(201).send({
        success: true as const,
        message:
          'Registration Submitted! Please check your e-mail to verify your address. Our team reviews applications within 48 hours.',
        applicationId,
      });
    },
  );

  app.get(
    '/verify-email',
    {
      schema: {
        tags: ['applications'],
        summary: 'Use an e-mail verification link (valid 24 hours, single use)',
        querystring: verifyEmailQuerySchema,
        response: {
          200: verifyEmailResponseSchema,
          400: errorSchema,
          409: errorSchema,
          410: errorSchema,
          429: errorSchema,
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const { businessName } = await verifyEmail(usecaseDeps, request.query);
      return {
        businessName,
        message:
          'Email Verified Successfully! Our team will review your application within 24-48 hours and e-mail you the result.',
      };
    },
  );
};
