import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Executor } from '../db/client';
import type { PaymentProcessor } from '../modules/payments/payments.processor';
import { jobQueueDepth, outboxDepth } from './metrics.repository';

/** Request and query durations, in seconds: from a cached answer (sub-millisecond) to a timeout (5 s). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Sources = {
  db: Executor;
  clock: Clock;
  catalogCache: { stats: { hits: number; misses: number } };
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

/**
 * Every number `/api/metrics` shows, in one registry of this app's own (tests build several apps in one
 * process). Counters and histograms move as requests, queries and payments happen; the queue gauges
 * are read from the database when Prometheus scrapes, so every process reports the shared queue.
 */
export function createMetrics({ db, clock, catalogCache, log }: Sources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const registers = [registry];

  const requests = new Counter({
    name: 'trillium_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const requestDuration = new Histogram({
    name: 'trillium_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const queryDuration = new Histogram({
    name: 'trillium_db_query_duration_seconds',
    help: 'Database query round trips (failed ones too), by the statement first keyword',
    labelNames: ['operation'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const paymentOutcomes = new Counter({
    name: 'trillium_payment_outcomes_total',
    help: 'Card payments confirmed with the processor, by outcome (succeeded, a decline code, or error)',
    labelNames: ['processor', 'outcome'] as const,
    registers,
  });
  const refundOutcomes = new Counter({
    name: 'trillium_refund_outcomes_total',
    help: 'Refunds sent to the processor, by outcome (succeeded or error: the job queue retries)',
    labelNames: ['processor', 'outcome'] as const,
    registers,
  });

  let seen = { hits: 0, misses: 0 };
  new Counter({
    name: 'trillium_catalog_cache_requests_total',
    help: 'Public catalog answers, by whether the cache had them (hit) or the database was asked (miss)',
    labelNames: ['result'] as const,
    registers,
    collect() {
      const now = catalogCache.stats;
      this.inc({ result: 'hit' }, Math.max(0, now.hits - seen.hits));
      this.inc({ result: 'miss' }, Math.max(0, now.misses - seen.misses));
      seen = now;
    },
  });

  const scrapeFailed = (what: string) => (error: unknown) => {
    log?.warn({ err: error }, `metrics: reading the ${what} failed`);
    return undefined;
  };
  // Two gauges read each query's answer: one round trip per scrape, not one per gauge.
  const outbox = oncePerScrape(() => outboxDepth(db).catch(scrapeFailed('outbox')));
  const queue = oncePerScrape(() => jobQueueDepth(db, clock.now()).catch(scrapeFailed('job queue')));
  let scrapes = Promise.resolve('');
  new Gauge({
    name: 'trillium_outbox_messages',
    help: 'E-mails in the outbox, by status (pending and sending are still to go out)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      const depth = await outbox();
      for (const row of depth?.byStatus ?? []) this.set({ status: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'trillium_outbox_oldest_waiting_age_seconds',
    help: 'How long the oldest e-mail still to go out has waited (0 when none waits)',
    registers,
    async collect() {
      const depth = await outbox();
      const oldest = depth?.oldestWaitingAt;
      this.set(oldest ? Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'trillium_jobs',
    help: 'Jobs in the durable queue, by kind and state',
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of (await queue())?.counts ?? [])
        this.set({ kind: row.kind, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: 'trillium_jobs_oldest_due_age_seconds',
    help: 'Pending and running jobs: how long ago the oldest became due, by kind and state',
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      const now = clock.now();
      for (const row of (await queue())?.oldestDue ?? [])
        this.set(
          { kind: row.kind, state: row.state },
          Math.max(0, (now.getTime() - row.since.getTime()) / 1000),
        );
    },
  });

  return {
    registry,
    /** The exposition text; the database is read afresh for each scrape (one at a time). */
    scrape(): Promise<string> {
      scrapes = scrapes
        .catch(() => '')
        .then(() => {
          outbox.forget();
          queue.forget();
          return registry.metrics();
        });
      return scrapes;
    },
    requests,
    requestDuration,
    queryDuration,
    /** The same processor, with each confirmation's and refund's outcome counted. */
    instrumentPayments(processor: PaymentProcessor): PaymentProcessor {
      return {
        ...processor,
        async confirmIntent(input) {
          try {
            const result = await processor.confirmIntent(input);
            const outcome = result.status === 'succeeded' ? 'succeeded' : result.failure.code;
            paymentOutcomes.inc({ processor: processor.kind, outcome });
            return result;
          } catch (error) {
            paymentOutcomes.inc({ processor: processor.kind, outcome: 'error' });
            throw error;
          }
        },
        async refund(input) {
          try {
            await processor.refund(input);
            refundOutcomes.inc({ processor: processor.kind, outcome: 'succeeded' });
          } catch (error) {
            refundOutcomes.inc({ processor: processor.kind, outcome: 'error' });
            throw error;
          }
        },
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** `load`'s answer, shared by the gauges of one scrape until `forget()` (the next scrape begins). */
function oncePerScrape<T>(load: () => Promise<T>) {
  let answer: Promise<T> | undefined;
  const get = () => {
    answer ??= load();
    return answer;
  };
  return Object.assign(get, {
    forget() {
      answer = undefined;
    },
  });
}
