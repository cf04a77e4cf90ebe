import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../shared/contract/common';
import { healthResponseSchema } from '../shared/contract/content';
import { type Clock, systemClock } from './clock';
import type { AppDeps } from './app-deps';
import { type DatabaseHandle, pingDatabase } from './db/client';
import type { Env } from './env';
import { accountRoutes } from './modules/account/account.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { availabilityRoutes } from './modules/availability/availability.routes';
import { bookingRoutes } from './modules/bookings/bookings.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { receiptRoutes } from './modules/receipts/receipts.routes';
import { promoCodeRoutes, promotionAdminRoutes } from './modules/promotions/promotions.routes';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import { emailChangeRoutes } from './modules/account/account.email-change.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { sandboxPaymentRoutes } from './modules/payments/payments.routes';
import { createSandboxProcessor } from './modules/payments/payments.sandbox';
import { createSandboxPayouts, type PayoutProcessor } from './modules/earnings/earnings.processor';
import { earningsRoutes, payoutWebhookRoutes } from './modules/earnings/earnings.routes';
import { createStripePayouts } from './modules/earnings/earnings.stripe';
import { createStripeProcessor } from './modules/payments/payments.stripe';
import { stripeWebhookRoutes } from './modules/payments/payments.webhook';
import { savedRoutes } from './modules/saved/saved.routes';
import { createSharedCatalogCache } from './modules/catalog/catalog.cache-sharing';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { pageExists } from './modules/catalog/catalog.pages';
import { contentRoutes } from './modules/content/content.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { applicationRoutes } from './modules/applications/applications.routes';
import { createLocalStorage, uploadsFolder } from './modules/applications/storage';
import { partnerRoutes } from './modules/partner/partner.routes';
import { configureMailIdentity } from './modules/email/email.templates';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { registerApiDocs } from './plugins/api-docs';
import { registerClientApp } from './plugins/client-app';
import { registerErrorHandler } from './plugins/error-handler';
import { instrumentRequests, metricsEnabled, registerMetrics } from './plugins/metrics';
import { createMetrics } from './plugins/metrics.collectors';
import { registerOriginCheck } from './plugins/origin-check';
import { registerRateLimits } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security';
import { registerSessions } from './plugins/session';

export type { AppDeps } from './app-deps';

export type BuildAppOptions = {
  env: Env;
  database: DatabaseHandle;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Tests only: fault injection (the crash test's process dies right after a payment succeeded). */
  afterPaymentSucceeded?: () => void;
  /** Tests only: another payout processor (one that refuses, or counts). */
  payouts?: PayoutProcessor;
};

export function loggerOptions(env: Env): FastifyServerOptions['logger'] {
  if (env.LOG_LEVEL === 'silent') return false;
  return {
    level: env.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.number',
        '*.cvc',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Links in e-mails carry tokens in their query (reset, verification): never write those to the log.
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactQuery(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

const SECRET_QUERY = /([?&](?:token|email|code|secret|client_secret|key)=)[^&#]*/gi;

/** `/auth?tab=reset&token=abc&email=x` becomes `/auth?tab=reset&token=[redacted]&email=[redacted]`. */
export function redactQuery(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

export async function buildApp(options: BuildAppOptions) {
  const { env, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    // Forwarded client addresses are believed only from the proxies TRUST_PROXY names (docs/deploy.md):
    // otherwise anyone could pick the address that rate limits and logs see.
    trustProxy:
      typeof env.TRUST_PROXY === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(env.TRUST_PROXY)
        : env.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // While shutting down, requests already received finish normally rather than answering 503.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // While shutting down, each answer closes its connection: a keep-alive socket that was busy when the
  // listener closed would otherwise keep the server (and the process) waiting for the client to drop it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON may carry a lone UTF-16 surrogate (`"\ud800"`), which no text can hold: PostgreSQL refuses it
  // in a jsonb value (a 500 where the customer typed an odd character). Every string of a body is made
  // well-formed before validation, each lone surrogate becoming U+FFFD, as UTF-8 writes it in a text column.
  app.addHook('preValidation', async (request) => {
    // JSON bodies only: a multipart upload's body holds files and streams, not typed text.
    if (!request.headers['content-type']?.startsWith('application/json')) return;
    if (request.body && typeof request.body === 'object') wellFormedStrings(request.body);
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, {
    https: env.NODE_ENV === 'production' && env.PUBLIC_URL.startsWith('https://'),
  });
  await registerApiDocs(app);

  const clock = options.clock ?? systemClock;
  // Every e-mail's footer names Trillium and its postal address (CASL, docs/product.md §15).
  configureMailIdentity({ postalAddress: env.MAIL_POSTAL_ADDRESS });
  const sandbox = createSandboxProcessor({ db: database.db, clock });
  const stripe = env.STRIPE_SECRET_KEY
    ? createStripeProcessor({
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        apiBase: env.STRIPE_API_BASE,
      })
    : null;
  // Shared across server processes on PostgreSQL (LISTEN/NOTIFY); local on PGlite.
  const catalog = await createSharedCatalogCache(database, app.log);
  app.addHook('onClose', catalog.close);
  const catalogCache = catalog.cache;
  // Metrics (plugins/metrics.ts) are kept only when someone may read them.
  const metrics = metricsEnabled(env)
    ? createMetrics({ db: database.db, clock, catalogCache, log: app.log })
    : null;
  if (metrics) {
    instrumentRequests(app, metrics);
    database.observeQueries?.((seconds, operation) => metrics.queryDuration.observe({ operation }, seconds));
    app.addHook('onClose', async () => database.observeQueries?.(null));
  }
  const processor = stripe ? stripe.processor : sandbox.processor;
  const deps: AppDeps = {
    env,
    database,
    db: database.db,
    clock,
    catalogCache,
    payments: metrics ? metrics.instrumentPayments(processor) : processor,
    // Partners' payouts: Stripe Connect transfers with Stripe, else the sandbox (decision 014).
    payouts:
      options.payouts ??
      (stripe ? createStripePayouts(stripe.stripe) : createSandboxPayouts({ log: app.log })),
    storage: createLocalStorage(uploadsFolder(env.DATA_DIR)),
    afterPaymentSucceeded: options.afterPaymentSucceeded,
    log: app.log,
  };

  await registerSessions(app, deps);
  registerOriginCheck(app, {
    publicUrl: env.PUBLIC_URL,
    exempt: ['/api/payments/webhook', '/api/payouts/webhook'],
  });
  await registerRateLimits(app, deps);
  // Answers that depend on who is signed in are never stored by browsers or proxies.
  app.addHook('onSend', async (request, reply) => {
    if (request.user && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // Tests and maintenance scripts reach the same dependencies (for example to invalidate the catalog cache).
  app.decorate('deps', deps);

  await app.register(
    async (api) => {
      api.get(
        '/health',
        {
          schema: {
            tags: ['system'],
            summary: 'Liveness and database kind',
            response: { 200: healthResponseSchema, 503: errorSchema },
          },
        },
        async () => {
          // A round trip to the database: a load balancer takes a process with a dead database out of rotation.
          await pingDatabase(database.db);
          return { status: 'ok' as const, database: database.kind };
        },
      );
      await api.register(authRoutes, deps);
      await api.register(accountRoutes, deps);
      await api.register(emailChangeRoutes, deps);
      await api.register(catalogRoutes, deps);
      await api.register(availabilityRoutes, deps);
      await api.register(bookingRoutes, deps);
      await api.register(calendarRoutes, deps);
      await api.register(receiptRoutes, deps);
      await api.register(promoCodeRoutes, deps);
      await api.register(promotionAdminRoutes, deps);
      await api.register(reviewRoutes, deps);
      await api.register(smsRoutes, deps);
      if (stripe) {
        await api.register(stripeWebhookRoutes, {
          ...deps,
          stripe: stripe.stripe,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        });
        await api.register(payoutWebhookRoutes, {
          ...deps,
          stripe: stripe.stripe,
          webhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET ?? env.STRIPE_WEBHOOK_SECRET!,
        });
      } else {
        await api.register(sandboxPaymentRoutes, { ...deps, sandbox });
      }
      await api.register(notificationRoutes, deps);
      await api.register(savedRoutes, deps);
      await api.register(contentRoutes, deps);
      await api.register(applicationRoutes, deps);
      await api.register(adminRoutes, deps);
      await api.register(auditRoutes, deps);
      await api.register(partnerRoutes, deps);
      await api.register(earningsRoutes, deps);
      await api.register(privacyRoutes, deps);
    },
    { prefix: '/api' },
  );

  if (metrics) registerMetrics(app, { metrics, env, catalogCache });

  const client = await registerClientApp(app, { distDir: env.CLIENT_DIST, publicUrl: env.PUBLIC_URL });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/') || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ code: 'not_found', message: `No such API route: ${request.method} ${pathname}` });
    }
    return client.sendApp(request, reply, { found: await pageExists(database.db, pathname) });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** Replaces, in place, every string of a parsed JSON value that holds a lone surrogate by its well-formed form. */
function wellFormedStrings(value: object) {
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof item === 'string') {
      const text = item as unknown as { isWellFormed(): boolean; toWellFormed(): string };
      if (!text.isWellFormed()) (value as Record<string | number, unknown>)[key] = text.toWellFormed();
    } else if (item && typeof item === 'object') wellFormedStrings(item);
  }
}
