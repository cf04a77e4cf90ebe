import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sandboxPaymentMethodBodySchema,
  sandboxPaymentMethodResponseSchema,
} from '../../../shared/contract/payments';
import { errorSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedInOnly } from '../../plugins/session';
import type { createSandboxProcessor } from './payments.sandbox';

/** The sandbox's card tokenisation endpoint, registered only when the sandbox is the processor. */
export const sandboxPaymentRoutes: FastifyPluginAsyncZod<
  AppDeps & { sandbox: ReturnType<typeof createSandboxProcessor> }
> = async (app, { sandbox }) => {
  app.addHook('onRequest', signedInOnly);
  app.post(
    '/payments/sandbox/payment-methods',
    {
      schema: {
        tags: ['payments'],
        summary: 'Tokenise a test card (sandbox processor only)',
        body: sandboxPaymentMethodBodySchema,
        response: { 200: sandboxPaymentMethodResponseSchema, 400: errorSchema, 401: errorSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request) =>
      sandbox.createPaymentMethod({ ...request.body, customerRef: String(requireUser(request).id) }),
  );
};
