import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every answer: our own origin only, plus what Stripe needs for card entry.
 *
 * Helmet's middleware is built once, here. `@fastify/helmet` (used until 2026-11-27) built it anew for
 * every request, parsing the policy and choosing every middleware again: about 0.035 ms of the 0.09 ms
 * each answer spent in it on this VM (docs/decisions/008, "A parser table per query").
 * The headers are Helmet's own, set on the response before Fastify writes its own: a route that sets
 * one of them (a stricter policy on a download) wins, as it did.
 */
export async function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        // Only behind TLS: over plain http on a LAN name these two would lock browsers out.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
