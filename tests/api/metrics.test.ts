import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { enqueueEmail } from '../../src/server/modules/email/email.outbox.repository';
import { enqueueJob } from '../../src/server/modules/jobs/jobs.repository';
import { createTestApp, type TestContext } from '../support/app';
import { createClient } from '../support/http';
import { AT_HOME } from '../support/service-address';

const TOKEN = 'scrape-token-0123456789abcdef';
const NOW = '2026-11-23T12:00:00Z';

type Sample = { name: string; labels: Record<string, string>; value: number };

/**
 * The Prometheus text exposition format, strictly: `# HELP name text`, `# TYPE name kind`, and samples
 * `name{label="value",...} number`. Throws on any other line, so "it parses" means something.
 */
function parsePrometheus(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const SAMPLE =
    /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d*)?(?:e[+-]?\d+)?|NaN|\+Inf|-Inf))$/i;
  const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(meta[3]!))
          throw new Error(`bad TYPE: ${line}`);
        types.set(meta[2]!, meta[3]!);
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus line: ${line}`);
    const labels: Record<string, string> = {};
    if (match[2]) {
      LABEL.lastIndex = 0;
      let consumed = 0;
      for (let m = LABEL.exec(match[2]); m; m = LABEL.exec(match[2])) {
        labels[m[1]!] = m[2]!;
        consumed = LABEL.lastIndex;
      }
      if (consumed !== match[2].length) throw new Error(`bad labels: ${line}`);
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return { samples, types };
}

function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  )?.value;
}

describe('metrics with METRICS=true and a METRICS_TOKEN', () => {
  let ctx: TestContext;
  let providerId: number;

  beforeAll(async () => {
    ctx = await createTestApp({
      clock: fixedClock(NOW),
      env: { METRICS: 'true', METRICS_TOKEN: TOKEN },
    });
    const db = ctx.database.db;
    const categoryId = await insertCategory(db, { name: 'Cleaning', slug: 'cleaning' });
    const partnerId = await insertUser(db, {
      email: 'metrics.partner@example.com',
      fullName: 'Metrics Partner',
      password: DEMO_PASSWORD,
      role: 'partner',
    });
    providerId = await insertProvider(db, {
      name: 'Metrics Maids',
      categoryId,
      ownerUserId: partnerId,
      services: [{ name: 'Clean', priceCents: 5000 }],
    });
    await insertUser(db, {
      email: 'metrics.customer@example.com',
      fullName: 'Metrics Customer',
      password: DEMO_PASSWORD,
    });
  });
  afterAll(() => ctx?.close());

  const scrape = async () => {
    const res = await ctx.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheus(res.body);
  };

  it('answers Prometheus text whose request counter moves after a request', async () => {
    const labels = { method: 'GET', route: '/api/categories', status: '200' };
    const before = sampleValue((await scrape()).samples, 'trillium_http_requests_total', labels) ?? 0;
    const res = await ctx.app.inject({ url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const { samples, types } = await scrape();
    expect(sampleValue(samples, 'trillium_http_requests_total', labels)).toBe(before + 1);
    expect(types.get('trillium_http_requests_total')).toBe('counter');
    expect(types.get('trillium_http_request_duration_seconds')).toBe('histogram');
    expect(sampleValue(samples, 'trillium_http_request_duration_seconds_count', labels)).toBe(before + 1);
    // A route pattern, never a raw URL: one series for every provider.
    await ctx.app.inject({ url: `/api/providers/${providerId}` });
    const after = (await scrape()).samples;
    expect(
      sampleValue(after, 'trillium_http_requests_total', { route: '/api/providers/:id', status: '200' }),
    ).toBe(1);
    expect(after.some((s) => s.labels.route?.includes(String(providerId)))).toBe(false);
  });

  it('times database queries at the driver and counts the catalog cache', async () => {
    const { samples } = await scrape();
    expect(
      sampleValue(samples, 'trillium_db_query_duration_seconds_count', { operation: 'select' }),
    ).toBeGreaterThan(0);
    const misses = sampleValue(samples, 'trillium_catalog_cache_requests_total', { result: 'miss' }) ?? 0;
    const hits = sampleValue(samples, 'trillium_catalog_cache_requests_total', { result: 'hit' }) ?? 0;
    await ctx.app.inject({ url: `/api/providers/${providerId}` });
    const next = (await scrape()).samples;
    expect(sampleValue(next, 'trillium_catalog_cache_requests_total', { result: 'hit' })).toBe(hits + 1);
    expect(sampleValue(next, 'trillium_catalog_cache_requests_total', { result: 'miss' })).toBe(misses);
  });

  it('reads the outbox and the job queue with their oldest waiting ages', async () => {
    const db = ctx.database.db;
    await enqueueEmail(
      db,
      { to: 'someone@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', kind: 'test' },
      { now: new Date('2026-11-23T11:58:00Z') },
    );
    await enqueueJob(db, {
      kind: 'metrics.test',
      key: 'metrics-late',
      runAt: new Date('2026-11-23T11:59:00Z'),
    });
    await enqueueJob(db, {
      kind: 'metrics.test',
      key: 'metrics-later',
      runAt: new Date('2026-11-30T12:00:00Z'),
    });
    const { samples } = await scrape();
    expect(sampleValue(samples, 'trillium_outbox_messages', { status: 'pending' })).toBe(1);
    expect(sampleValue(samples, 'trillium_outbox_oldest_waiting_age_seconds')).toBe(120);
    expect(sampleValue(samples, 'trillium_jobs', { kind: 'metrics.test', state: 'pending' })).toBe(2);
    // Only the job that is due counts as late: 60 seconds.
    expect(
      sampleValue(samples, 'trillium_jobs_oldest_due_age_seconds', {
        kind: 'metrics.test',
        state: 'pending',
      }),
    ).toBe(60);
    expect(sampleValue(samples, 'trillium_jobs', { kind: 'email.deliver', state: 'pending' })).toBe(1);
  });

  it('counts payment outcomes: one card declined, one payment succeeded', async () => {
    const customer = createClient(ctx, { ip: '10.90.0.1' });
    await customer.login('metrics.customer@example.com', DEMO_PASSWORD);
    const pay = async (number: string, serviceDate: string) => {
      const hold = await customer.post('/api/create-payment-intent', {
        providerId,
        serviceDate,
        customerName: 'Metrics Customer',
        customerEmail: 'metrics.customer@example.com',
        ...AT_HOME,
      });
      expect(hold.status).toBe(200);
      const card = await customer.post('/api/payments/sandbox/payment-methods', {
        number,
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      });
      expect(card.status).toBe(200);
      return customer.post('/api/confirm-payment-intent', {
        paymentIntentId: hold.body.paymentIntentId,
        paymentMethodId: card.body.id,
      });
    };
    expect((await pay('4000000000000002', '2026-11-24T15:00:00.000Z')).status).toBe(402);
    expect((await pay('4242424242424242', '2026-11-24T15:00:00.000Z')).status).toBe(200);
    const { samples } = await scrape();
    expect(
      sampleValue(samples, 'trillium_payment_outcomes_total', {
        processor: 'sandbox',
        outcome: 'card_declined',
      }),
    ).toBe(1);
    expect(
      sampleValue(samples, 'trillium_payment_outcomes_total', { processor: 'sandbox', outcome: 'succeeded' }),
    ).toBe(1);
  });

  it('answers another address only with the token: 404 without, 401 with a wrong one, 200 with it', async () => {
    for (const url of ['/api/metrics', '/api/metrics.json']) {
      const without = await ctx.app.inject({ url, remoteAddress: '10.1.2.3' });
      expect(without.statusCode).toBe(404);
      expect(without.json().code).toBe('not_found');
      const wrong = await ctx.app.inject({
        url,
        remoteAddress: '10.1.2.3',
        headers: { authorization: `Bearer ${TOKEN}x` },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ code: 'metrics.unauthorized', message: expect.any(String) });
      const withToken = await ctx.app.inject({
        url,
        remoteAddress: '10.1.2.3',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(withToken.statusCode).toBe(200);
    }
  });

  it("keeps the benchmark's JSON readings at /api/metrics.json", async () => {
    const res = await ctx.app.inject({ url: '/api/metrics.json?gc=1&reset=1', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'arrayBuffersBytes',
      'catalogCacheHits',
      'catalogCacheMisses',
      'eventLoopDelayMaxMs',
      'eventLoopDelayP50Ms',
      'eventLoopDelayP99Ms',
      'externalBytes',
      'heapUsedBytes',
      'rssBytes',
    ]);
    expect(body.catalogCacheHits).toBeGreaterThan(0);
    expect(body.rssBytes).toBeGreaterThan(0);
    // Node counts ArrayBuffers in `external`, but the two are read apart and WebAssembly memory moves
    // between them: only that each is a reading.
    expect(body.externalBytes).toBeGreaterThan(0);
    expect(body.arrayBuffersBytes).toBeGreaterThanOrEqual(0);
  });
});

describe('metrics switched off (the default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it('has no metrics route, even for loopback', async () => {
    for (const url of ['/api/metrics', '/api/metrics.json']) {
      const res = await ctx.app.inject({ url, remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('metrics with only a METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => ctx?.close());

  it('answers the token holder, and not loopback without it', async () => {
    const loopback = await ctx.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(loopback.statusCode).toBe(404);
    const withToken = await ctx.app.inject({
      url: '/api/metrics',
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(parsePrometheus(withToken.body).samples.length).toBeGreaterThan(10);
  });
});
