import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../shared/contract/common';
import type { Env } from '../env';
import type { Metrics } from './metrics.collectors';

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/** Whether the server keeps metrics at all: `METRICS=true` (loopback readers) or a `METRICS_TOKEN`. */
export function metricsEnabled(env: Pick<Env, 'METRICS' | 'METRICS_TOKEN'>): boolean {
  return env.METRICS || Boolean(env.METRICS_TOKEN);
}

/** Counts and times every answer by its route pattern (`/api/providers/:id`), never its raw URL. */
export function instrumentRequests(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      status: String(reply.statusCode),
    };
    metrics.requests.inc(labels);
    metrics.requestDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

/**
 * Who may read metrics: with `METRICS=true` any loopback caller (`request.ip`, which believes only the
 * proxies TRUST_PROXY names); with `METRICS_TOKEN` anyone sending `Authorization: Bearer <token>`.
 * Anyone else gets the 404 of a route that does not exist, or 401 for a wrong token.
 */
function guard(env: Pick<Env, 'METRICS' | 'METRICS_TOKEN'>) {
  const expected = env.METRICS_TOKEN ? Buffer.from(`Bearer ${env.METRICS_TOKEN}`) : null;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (expected && header) {
      const given = Buffer.from(header);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return;
      return reply
        .status(401)
        .send({ code: 'metrics.unauthorized', message: 'That metrics token is not valid.' });
    }
    if (env.METRICS && LOOPBACK.includes(request.ip)) return;
    const path = request.url.split('?')[0];
    return reply.status(404).send({ code: 'not_found', message: `No such API route: GET ${path}` });
  };
}

/**
 * `GET /api/metrics`: Prometheus text (prom-client): requests and their durations by route and status,
 * database query durations, the outbox and the job queue, payment and refund outcomes, the catalog
 * cache, and Node's own (event loop, memory, garbage collection).
 *
 * `GET /api/metrics.json`: the benchmark's readings (bench/run.ts): event-loop delay percentiles since the
 * last `reset=1`, memory (RSS, the JavaScript heap and V8's external memory, after a full collection with `gc=1` in a process started with --expose-gc),
 * and the catalog cache's hits and misses.
 */
export function registerMetrics(
  app: FastifyInstance,
  {
    metrics,
    env,
    catalogCache,
  }: { metrics: Metrics; env: Env; catalogCache: { stats: { hits: number; misses: number } } },
) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  app.addHook('onClose', async () => histogram.disable());
  const onRequest = guard(env);
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Text, not JSON: no response schema (its serializer would quote it), so Fastify's own types here.
  app.get('/api/metrics', { onRequest, schema: { hide: true } }, async (_request, reply) => {
    const text = await metrics.scrape();
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(text);
  });

  api.get(
    '/api/metrics.json',
    {
      onRequest,
      schema: {
        hide: true,
        querystring: z.object({ reset: z.enum(['0', '1']).optional(), gc: z.enum(['0', '1']).optional() }),
        response: {
          200: z.object({
            eventLoopDelayP50Ms: z.number(),
            eventLoopDelayP99Ms: z.number(),
            eventLoopDelayMaxMs: z.number(),
            rssBytes: z.number(),
            heapUsedBytes: z.number(),
            externalBytes: z.number(),
            arrayBuffersBytes: z.number(),
            catalogCacheHits: z.number(),
            catalogCacheMisses: z.number(),
          }),
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const gc = (globalThis as { gc?: () => void }).gc;
      if (request.query.gc === '1' && gc) gc();
      const memory = process.memoryUsage();
      const result = {
        eventLoopDelayP50Ms: histogram.percentile(50) / 1e6,
        eventLoopDelayP99Ms: histogram.percentile(99) / 1e6,
        eventLoopDelayMaxMs: histogram.max / 1e6,
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        // Native memory V8 knows of (Buffers: the database driver's reads and writes); RSS beyond the
        // heap and this is the allocator's, or the embedded database's (PGlite's WebAssembly memory).
        externalBytes: memory.external,
        arrayBuffersBytes: memory.arrayBuffers,
        catalogCacheHits: catalogCache.stats.hits,
        catalogCacheMisses: catalogCache.stats.misses,
      };
      if (request.query.reset === '1') histogram.reset();
      reply.header('cache-control', 'no-store');
      return result;
    },
  );
}
