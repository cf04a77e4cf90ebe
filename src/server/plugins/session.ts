import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../shared/contract/auth';
import type { Clock } from '../clock';
import type { Executor } from '../db/client';
import type { Env } from '../env';
import { authErrors } from '../modules/auth/auth.errors';
import { extendSession, findSession } from '../modules/auth/auth.repository';

export const SESSION_COOKIE = 'trillium_session';
/** "Remember me": thirty days. Otherwise a browser-session cookie, ended by the server after two idle hours. */
export const REMEMBER_MS = 30 * 24 * 3_600_000;
export const IDLE_MS = 2 * 3_600_000;
const TOUCH_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    sessionIdHash: string | null;
  }
}

export function sessionCookieOptions(env: Env, remember: boolean) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: env.NODE_ENV === 'production',
    path: '/',
    ...(remember ? { maxAge: REMEMBER_MS / 1000 } : {}),
  };
}

/**
 * A companion cookie the page can read, holding no secret: it only says "a session cookie was issued",
 * so signed-out visitors are known to be signed out without asking GET /api/user (and logging a 401).
 */
export const SIGNED_IN_HINT_COOKIE = 'trillium_signed_in';

export function setSessionCookie(reply: FastifyReply, env: Env, sessionId: string, remember: boolean) {
  reply.setCookie(SESSION_COOKIE, sessionId, sessionCookieOptions(env, remember));
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...sessionCookieOptions(env, remember), httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, env: Env) {
  reply.clearCookie(SESSION_COOKIE, { ...sessionCookieOptions(env, false) });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { ...sessionCookieOptions(env, false), httpOnly: false });
}

/** Reads the session cookie of every API request and sets `request.user` (or null). */
export async function registerSessions(app: FastifyInstance, deps: { db: Executor; clock: Clock; env: Env }) {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);
  app.addHook('onRequest', async (request, reply) => {
    // The route the router found (it decodes the path), not the raw path's prefix: see origin-check.ts.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const sessionId = request.cookies[SESSION_COOKIE];
    if (!sessionId || sessionId.length > 100) return;
    const now = deps.clock.now();
    const session = await findSession(deps.db, sessionId, now);
    if (!session) {
      clearSessionCookie(reply, deps.env);
      return;
    }
    request.user = session.user;
    request.sessionIdHash = session.idHash;
    // Sliding expiry: an idle browser session ends after IDLE_MS; a remembered one after REMEMBER_MS.
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const expiresAt = new Date(now.getTime() + (session.remember ? REMEMBER_MS : IDLE_MS));
      await extendSession(deps.db, session.idHash, expiresAt, now);
    }
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw authErrors.signInRequired();
  return request.user;
}

/** The signed-in user with one of these roles: 401 when signed out, 403 otherwise. */
export function requireRole(request: FastifyRequest, ...roles: User['role'][]): User {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw authErrors.forbidden();
  return user;
}

/** Guard hooks, run before the body is even read: 401 signed out, 403 for the wrong role. */
export const signedInOnly = async (request: FastifyRequest) => {
  requireUser(request);
};
export const rolesOnly =
  (...roles: User['role'][]) =>
  async (request: FastifyRequest) => {
    requireRole(request, ...roles);
  };
