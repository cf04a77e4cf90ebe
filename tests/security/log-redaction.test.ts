import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import type { DatabaseHandle } from '../../src/server/db/client';
import { insertCategory, insertProvider } from '../../src/server/db/seed/factories';
import { loadEnv } from '../../src/server/env';
import { openTestDatabase } from '../support/database';
import { createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
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
    // Every step is checked: a journey that broke early would leave nothing secret to find in the log.
    const registered = await client.post('/api/register', {
      email: 'log.person@example.com',
      password: SENTINEL_PASSWORD,
      fullName: 'Log Person',
    });
    expect(registered.status).toBe(201);
    const sessionId = client.cookie!.split('=')[1]!;
    expect((await client.post('/api/logout')).status).toBe(204);
    const login = await client.post('/api/login', {
      email: 'log.person@example.com',
      password: SENTINEL_PASSWORD,
    });
    expect(login.status).toBe(200);
    const loginSession = client.cookie!.split('=')[1]!;
    const hold = await client.post('/api/create-payment-intent', {
      providerId: 1,
      serviceDate: '2026-11-24T15:00:00.000Z',
      customerName: 'Log Person',
      customerEmail: 'log.person@example.com',
      ...AT_HOME,
    });
    expect(hold.status).toBe(200);
    const card = await client.post('/api/payments/sandbox/payment-methods', {
      number: CARD,
      expMonth: 12,
      expYear: 2030,
      cvc: '987',
    });
    expect(card.status).toBe(200);
    const paid = await client.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.body.paymentIntentId,
      paymentMethodId: card.body.id,
    });
    expect(paid.status).toBe(200);
    expect((await client.post('/api/forgot-password', { email: 'log.person@example.com' })).status).toBe(200);
    // The reset e-mail is sent by the job queue.
    await runDueJobs({ app });
    const resetMail = await lastEmailTo(database.db, 'log.person@example.com');
    expect(resetMail?.kind).toBe('password_reset');
    const token = new URL(resetMail!.link!).searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{20,}$/);
    const reset = await client.post('/api/reset-password', {
      email: 'log.person@example.com',
      token,
      password: SENTINEL_NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    // The browser opening the e-mailed links (the server answers the app for these paths).
    expect((await client.get(`/auth?tab=reset&token=${token}&email=log.person%40example.com`)).status).toBe(
      200,
    );
    // A used reset token is no verification token: refused, and logged without it.
    const verify = await client.get(`/api/verify-email?token=${token}&email=log.person%40example.com`);
    expect(verify.status).toBeGreaterThanOrEqual(400);
    // A failing request logs too.
    const wrong = await client.post('/api/login', {
      email: 'log.person@example.com',
      password: 'Wrong!Sentinel1',
    });
    expect(wrong.status).toBe(401);

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
