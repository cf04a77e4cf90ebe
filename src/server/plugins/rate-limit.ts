import rateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from '../clock';
import type { Executor } from '../db/client';
import type { Env } from '../env';
import { hitRateLimit } from './rate-limit.store.repository';

/**
 * A client's address as every limit counts it, the rate limits' own rule: an IPv6 address by its /64 (one
 * machine or one home's usual share, where a fresh address per request costs nothing) and an IPv4
 * address written in IPv6 as that IPv4 address.
 */
export function clientKey(ip: string): string {
  return normalizeIP(ip);
}

/**
 * A limit per account, for routes only a signed-in person reaches (a stolen session changes address
 * at will): `config: { rateLimit: { max, timeWindow, keyGenerator: perAccount } }`.
 */
export const perAccount = (request: FastifyRequest) => `user:${request.user?.id ?? clientKey(request.ip)}`;

/**
 * Rate limits (per route: `config: { rateLimit: { max, timeWindow } }`) counted in a store every
 * server process shares, so two processes never allow twice the limit: the database by default,
 * Redis when `REDIS_URL` is set. A store that cannot be reached answers 503 (never an unlimited pass).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  deps: { db: Executor; clock: Clock; env: Pick<Env, 'REDIS_URL'> },
) {
  if (deps.env.REDIS_URL) {
    const redis = new Redis(deps.env.REDIS_URL, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      lazyConnect: false,
    });
    // A Redis that goes away is reported per request (503); the client reconnects by itself.
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis: connection problem'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    await app.register(rateLimit, { global: false, redis, nameSpace: 'trillium-rl:' });
    return;
  }
  await app.register(rateLimit, { global: false, store: databaseStore(deps) });
}

/** A @fastify/rate-limit store over the `rate_limits` table: one atomic upsert per request. */
function databaseStore(deps: { db: Executor; clock: Clock }) {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = 'global:') {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = deps.clock.now();
      hitRateLimit(deps.db, { key: `${this.prefix}${key}`, windowMs: timeWindow, now }).then(
        ({ count, resetsAt }) =>
          callback(null, { current: count, ttl: Math.max(0, resetsAt.getTime() - now.getTime()) }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route as `routeInfo` (its type declaration says otherwise).
      const { method, url } = (
        routeOptions as unknown as { routeInfo: { method: string | string[]; url: string } }
      ).routeInfo;
      return new DatabaseStore(`${Array.isArray(method) ? method.join(',') : method}${url}:`);
    }
  }
  return DatabaseStore as unknown as new () => FastifyRateLimitStore;
}
