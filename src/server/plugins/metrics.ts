import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../shared/contract/common';

/**
 * Process metrics for the benchmark and operators: event-loop delay percentiles, memory, and how
 * often the catalog cache answered.
 * Registered only when METRICS=true, and answered only to loopback callers.
 */
export function registerMetrics(
  app: FastifyInstance,
  catalogCache: { stats: { hits: number; misses: number } },
) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  app.addHook('onClose', async () => histogram.disable());
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/metrics',
    {
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
            catalogCacheHits: z.number(),
            catalogCacheMisses: z.number(),
          }),
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.ip)) {
        return reply.status(404).send({ code: 'not_found', message: 'No such API route: GET /api/metrics' });
      }
      // `gc=1` in a process started with --expose-gc (the benchmark): memory after a full collection,
      // so two readings compare what is live rather than when the collector last ran.
      const gc = (globalThis as { gc?: () => void }).gc;
      if (request.query.gc === '1' && gc) gc();
      const memory = process.memoryUsage();
      const result = {
        eventLoopDelayP50Ms: histogram.percentile(50) / 1e6,
        eventLoopDelayP99Ms: histogram.percentile(99) / 1e6,
        eventLoopDelayMaxMs: histogram.max / 1e6,
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        catalogCacheHits: catalogCache.stats.hits,
        catalogCacheMisses: catalogCache.stats.misses,
      };
      if (request.query.reset === '1') histogram.reset();
      return result;
    },
  );
}
