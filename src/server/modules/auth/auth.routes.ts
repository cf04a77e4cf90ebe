import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  messageResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  userSchema,
} from '../../../shared/contract/auth';
import { errorSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { requestLocale } from '../../i18n/request-locale';
import { clientKey } from '../../plugins/rate-limit';
import { clearSessionCookie, requireUser, SESSION_COOKIE, setSessionCookie } from '../../plugins/session';
import { forgotPassword, login, logout, register, resetPassword, startSession } from './auth.usecases';

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const errors = { 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema };

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: registerBodySchema,
        response: { 201: userSchema, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      // A new account speaks the language it was created in (the app sends its page's language).
      const user = await register(deps, { ...request.body, language: requestLocale(request) });
      const sessionId = await startSession(deps, user.id, request.body.remember ?? false);
      setSessionCookie(reply, deps.env, sessionId, request.body.remember ?? false);
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: loginBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, checkedHash } = await login(deps, { ...request.body, ip: clientKey(request.ip) });
      // A new session id at every sign-in; an earlier one in this browser is ended.
      await logout(deps, request.cookies[SESSION_COOKIE]);
      const remember = request.body.remember ?? false;
      const sessionId = await startSession(deps, user.id, remember, checkedHash);
      setSessionCookie(reply, deps.env, sessionId, remember);
      return user;
    },
  );

  app.post('/logout', { schema: { tags: ['auth'], summary: 'Sign out' } }, async (request, reply) => {
    await logout(deps, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, deps.env);
    return reply.status(204).send();
  });

  app.get(
    '/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (401 when signed out)',
        response: { 200: userSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return requireUser(request);
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link (the same answer for every address)',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, 400: errorSchema, 429: errorSchema },
      },
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request) => {
      await forgotPassword(deps, request.body.email);
      return {
        message: 'If an account exists for that email, a reset link is on its way. It is valid for 1 hour.',
      };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the link from the e-mail (ends every session)',
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, 400: errorSchema, 429: errorSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return { message: 'Password Reset Successful! You can now sign in with your new password.' };
    },
  );
};
