import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailChangeBodySchema,
  emailChangedSchema,
  emailChangeTokenBodySchema,
  pendingEmailSchema,
} from '../../../shared/contract/account';
import { errorSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { perAccount } from '../../plugins/rate-limit';
import { requireUser, signedInOnly } from '../../plugins/session';
import {
  cancelEmailChange,
  confirmEmailChange,
  pendingEmailChange,
  requestEmailChange,
  revertEmailChange,
} from './account.email-change';

/** /api/user/email-change: a safe change of the account's address (docs/product.md §2). */
export const emailChangeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const errors = { 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema };
  // Sending e-mails to any address and checking a password: limited per account (a stolen session
  // changes address at will), like the other sensitive routes.
  const limited = { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: perAccount } };

  app.post(
    '/user/email-change',
    {
      schema: {
        tags: ['account'],
        summary:
          'Ask to change the e-mail address (current password needed): a link goes to the new address, a notice to the old',
        body: emailChangeBodySchema,
        response: { 200: pendingEmailSchema, ...errors },
      },
      config: limited,
      onRequest: signedInOnly,
    },
    async (request) => requestEmailChange(deps, requireUser(request), request.body),
  );

  app.get(
    '/user/email-change',
    {
      schema: {
        tags: ['account'],
        summary: 'The address waiting to be confirmed, if any',
        response: { 200: pendingEmailSchema, ...errors },
      },
      onRequest: signedInOnly,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return pendingEmailChange(deps, requireUser(request));
    },
  );

  app.delete(
    '/user/email-change',
    {
      schema: {
        tags: ['account'],
        summary: 'Cancel the pending change: its link stops working',
        response: { 204: z.null(), ...errors },
      },
      onRequest: signedInOnly,
    },
    async (request, reply) => {
      await cancelEmailChange(deps, requireUser(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/email-change/confirm',
    {
      schema: {
        tags: ['account'],
        summary: 'The link sent to the new address: the change happens now',
        body: emailChangeTokenBodySchema,
        response: { 200: emailChangedSchema, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => confirmEmailChange(deps, request.body.token),
  );

  app.post(
    '/user/email-change/revert',
    {
      schema: {
        tags: ['account'],
        summary: '"This wasn\'t me": the old address stays or comes back and every device is signed out',
        body: emailChangeTokenBodySchema,
        response: { 200: emailChangedSchema, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => revertEmailChange(deps, request.body.token),
  );
};
