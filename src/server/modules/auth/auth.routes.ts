import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBodySchema, registerBodySchema, userSchema } from '../../../shared/contract/auth';
import { errorSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app';
import { clearSessionCookie, requireUser, SESSION_COOKIE, setSessionCookie } from '../../plugins/session';
import { login, logout, register, startSession } from './auth.usecases';

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
      const user = await register(deps, request.body);
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
      const user = await login(deps, { ...request.body, ip: request.ip });
      // A new session id at every sign-in; an earlier one in this browser is ended.
      await logout(deps, request.cookies[SESSION_COOKIE]);
      const remember = request.body.remember ?? false;
      const sessionId = await startSession(deps, user.id, remember);
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
};
