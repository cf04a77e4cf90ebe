import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationBodySchema,
  applicationCreatedSchema,
  applicationReplyBodySchema,
  verifyEmailQuerySchema,
  verifyEmailResponseSchema,
} from '../../../shared/contract/applications';
import { errorSchema } from '../../../shared/contract/common';
import { partnerStatusSchema } from '../../../shared/contract/partner';
import type { AppDeps } from '../../app-deps';
import { requestLocale } from '../../i18n/request-locale';
import { requireUser, signedInOnly } from '../../plugins/session';
import { documentRoutes } from './documents.routes';
import { replyToRequest } from './applications.replies';
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
      // The applicant's account speaks the language they applied in (their e-mails follow it).
      const applicationId = await submitApplication(usecaseDeps, {
        ...request.body,
        language: requestLocale(request),
      });
      return reply.status(201).send({
        success: true as const,
        message:
          'Registration Submitted! Please check your e-mail to verify your address. Our team reviews applications within 48 hours.',
        applicationId,
      });
    },
  );

  app.post(
    '/user/application/reply',
    {
      schema: {
        tags: ['applications'],
        summary:
          'Answer what the admins asked about your application, with more documents; it goes back to review',
        body: applicationReplyBodySchema,
        response: {
          200: partnerStatusSchema.shape.application.unwrap(),
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
      onRequest: signedInOnly,
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    },
    async (request) => replyToRequest(usecaseDeps, requireUser(request), request.body),
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
      const { businessName, alreadyVerified } = await verifyEmail(usecaseDeps, request.query);
      return {
        businessName,
        alreadyVerified,
        message: alreadyVerified
          ? 'Your e-mail address is already verified. Our team will review your application within 24-48 hours and e-mail you the result.'
          : 'Email Verified Successfully! Our team will review your application within 24-48 hours and e-mail you the result.',
      };
    },
  );
};
