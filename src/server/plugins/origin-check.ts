import type { FastifyInstance } from 'fastify';
import { authErrors } from '../modules/auth/auth.errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing API request that a browser marks as coming from
 * another site (Sec-Fetch-Site) or another origin (Origin) is refused with 403, on top of SameSite=Lax.
 * Requests without those headers come from non-browser clients, which cannot carry a victim's cookies.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  { publicUrl, exempt = [] }: { publicUrl: string; exempt?: string[] },
) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    // Every state-changing request, whatever its path says: the router decodes a path (`/%61pi/…`
    // reaches `/api/…`), so a test of the raw path's prefix let such a request through.
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.url !== undefined && exempt.includes(request.routeOptions.url)) return;
    const site = request.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none')
      throw authErrors.foreignOrigin();
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const ownOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin !== publicOrigin && origin !== ownOrigin) throw authErrors.foreignOrigin();
  });
}
