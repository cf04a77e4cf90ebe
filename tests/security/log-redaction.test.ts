import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import type { DatabaseHandle } from '../../src/server/db/client';
import { insertCategory, insertProvider } from '../../src/server/db/seed/factories';
import { loadEnv } from '../../src/server/env';
import { openTestDatabase } from '../support/database';
import { createClient } from '../support/http';
import { lastEmailTo } from '../support/outbox';
import { AT_HOME } from '../support/service-address';

const SENTINEL_PASSWORD = 'Sentinel!Pass9zq';
const SENTINEL_NEW_PASSWORD = 'Sentinel!New7xw';
const CARD = '4242424242424242';

describe('logs', () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let lines = '';

  beforeAll(async () => {
    database = await openTestDatabase();
    const categoryId = await insertCategory(database.db, { name: 'Cleaning', slug: 'cleaning' });
    await insertProvider(database.db, {
      name: 'Log Co',
      categoryId,
      services: [{ name: 'Clean', priceCents: 5000 }],
    });
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'trace', SEED_DEMO: 'false' });
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines += chunk.toString();
        callback();
      },
    });
    app = await buildApp({
      env,
      database,
      clock: fixedClock('2026-11-23T12:00:00Z'),
      logger: { ...(loggerOptions(env) as object), stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('never contain passwords, tokens, session ids or card numbers after a full journey', async () => {
    const client = createClient({ app });
    await client.post('/api/register', {
      email: 'log.person@example.com',
      password: SENTINEL_PASSWORD,
      fullName: 'Log Person',
    });
    const sessionId = client.cookie!.split('=')[1]!;
    await client.post('/api/logout');
    await client.post('/api/login', { email: 'log.person@example.com', password: SENTINEL_PASSWORD });
    const loginSession = client.cookie!.split('=')[1]!;
    const hold = await client.post('/api/create-payment-intent', {
      providerId: 1,
      serviceDate: '2026-11-24T15:00:00.000Z',
      customerName: 'Log Person',
      customerEmail: 'log.person@example.com',
      ...AT_HOME,
    });
    const card = await client.post('/api/payments/sandbox/payment-methods', {
      number: CARD,
      expMonth: 12,
      expYear: 2030,
      cvc: '987',
    });
    await client.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.body.paymentIntentId,
      paymentMethodId: card.body.id,
    });
    await client.post('/api/forgot-password', { email: 'log.person@example.com' });
    const token = new URL((await lastEmailTo(database.db, 'log.person@example.com'))!.link!).searchParams.get(
      'token',
    )!;
    await client.post('/api/reset-password', {
      email: 'log.person@example.com',
      token,
      password: SENTINEL_NEW_PASSWORD,
    });
    // The browser opening the e-mailed links (the server answers the app for these paths).
    await client.get(`/auth?tab=reset&token=${token}&email=log.person%40example.com`);
    await client.get(`/api/verify-email?token=${token}&email=log.person%40example.com`);
    // A failing request logs too.
    await client.post('/api/login', { email: 'log.person@example.com', password: 'Wrong!Sentinel1' });

    expect(lines.length).toBeGreaterThan(1000);
    for (const secret of [
      'log.person%40example.com',
      SENTINEL_PASSWORD,
      SENTINEL_NEW_PASSWORD,
      'Wrong!Sentinel1',
      token,
      sessionId,
      loginSession,
      CARD,
      '4242 4242',
      hold.body.clientSecret,
    ]) {
      expect(lines, `the log contains ${secret}`).not.toContain(secret);
    }
    expect(lines).toContain('"reqId"');
    expect(lines).toContain('/auth?tab=reset&token=[redacted]');
  });
});
