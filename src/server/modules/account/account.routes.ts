import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressBodySchema,
  changePasswordBodySchema,
  languageBodySchema,
  preferencesSchema,
  preferencesViewSchema,
  profileBodySchema,
  supportBodySchema,
  testEmailBodySchema,
} from '../../../shared/contract/account';
import { messageResponseSchema, userSchema } from '../../../shared/contract/auth';
import { errorSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { perAccount } from '../../plugins/rate-limit';
import { requireUser, rolesOnly, setSessionCookie, signedInOnly } from '../../plugins/session';
import {
  changePassword,
  getPreferences,
  sendTestEmail,
  submitSupportRequest,
  updateAddress,
  updateLanguage,
  updatePreferences,
  updateProfile,
} from './account.usecases';

export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };
  // Every account route is for signed-in users: refused before the body is looked at.
  app.addHook('onRequest', signedInOnly);

  app.put(
    '/user/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Edit the profile',
        body: profileBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => updateProfile(deps, requireUser(request), request.body),
  );

  app.put(
    '/user/address',
    {
      schema: {
        tags: ['account'],
        summary: 'Edit the address',
        body: addressBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => updateAddress(deps, requireUser(request), request.body),
  );

  app.put(
    '/user/change-password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the password (ends every session; this browser gets a new one)',
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      // A password check: per account, like account deletion's, so a stolen session cannot guess on.
      config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: perAccount } },
    },
    async (request, reply) => {
      const session = await changePassword(deps, requireUser(request), request.sessionIdHash, request.body);
      setSessionCookie(reply, deps.env, session.id, session.remember);
      return { message: 'Password changed successfully!' };
    },
  );

  app.put(
    '/user/language',
    {
      schema: {
        tags: ['account'],
        summary: 'Save the language of the account (its screens after sign-in and its e-mails)',
        body: languageBodySchema,
        response: { 200: languageBodySchema, ...errors },
      },
    },
    async (request) => updateLanguage(deps, requireUser(request), request.body),
  );

  app.get(
    '/user/preferences',
    {
      schema: {
        tags: ['account'],
        summary: 'Notification preferences',
        response: { 200: preferencesViewSchema, 401: errorSchema },
      },
    },
    async (request) => getPreferences(deps, requireUser(request)),
  );

  app.put(
    '/user/preferences',
    {
      schema: {
        tags: ['account'],
        summary: 'Save notification preferences',
        body: preferencesSchema,
        response: { 200: preferencesViewSchema, ...errors },
      },
    },
    async (request) => updatePreferences(deps, requireUser(request), request.body),
  );

  app.post(
    '/support/contact',
    {
      schema: {
        tags: ['account'],
        summary: 'Send a support request (stored and e-mailed to support)',
        body: supportBodySchema,
        response: { 201: messageResponseSchema, ...errors },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      await submitSupportRequest(deps, requireUser(request), request.body);
      return reply
        .status(201)
        .send({ message: "Support request submitted! We'll get back to you within 24 hours." });
    },
  );

  app.post(
    '/test/email',
    {
      schema: {
        tags: ['account'],
        summary: 'Send a test e-mail (admins only)',
        body: testEmailBodySchema,
        response: { 202: messageResponseSchema, ...errors },
      },
      // The role is checked before the body, so nobody else learns anything from validation.
      onRequest: rolesOnly('admin'),
    },
    async (request, reply) => {
      await sendTestEmail(deps, request.body);
      return reply.status(202).send({ message: `Test email sent to ${request.body.email}` });
    },
  );
};
