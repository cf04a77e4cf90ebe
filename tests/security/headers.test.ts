import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertUser } from '../../src/server/db/seed/factories';
import { createTestApp, type TestContext } from '../support/app';
import { createClient } from '../support/http';

let ctx: TestContext;
let prod: TestContext;
beforeAll(async () => {
  const seed = async ({ db }: { db: TestContext['database']['db'] }) => {
    await insertUser(db, { email: 'head@example.com', fullName: 'Head Er', password: DEMO_PASSWORD });
  };
  [ctx, prod] = await Promise.all([
    createTestApp({ seed: ({ db }) => seed({ db }) }),
    createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://trillium.example' },
      seed: ({ db }) => seed({ db }),
    }),
  ]);
});
afterAll(async () => {
  await ctx.close();
  await prod.close();
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it.each([
    ['HTML (the app)', '/some/page'],
    ['HTML (a pre-rendered page)', '/services'],
    ['JSON', '/api/categories'],
    ['a JSON 404', '/api/nope'],
    ['a JSON 400', '/api/providers?limit=abc'],
    ['an error from a guard', '/api/bookings'],
    ['API docs', '/api/docs/json'],
  ])('are on %s', async (_kind, url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expectSecurityHeaders(res.headers);
  });

  it('adds HSTS only in production behind https', async () => {
    expect(
      (await ctx.app.inject({ url: '/api/categories' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const res = await prod.app.inject({ url: '/api/categories' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expectSecurityHeaders(res.headers);
  });

  it('marks the session cookie Secure in production', async () => {
    const res = await prod.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'head@example.com', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('keeps signed-in JSON out of every cache', async () => {
    const client = createClient(ctx, { ip: '10.60.0.1' });
    await client.login('head@example.com', DEMO_PASSWORD);
    for (const url of [
      '/api/user',
      '/api/bookings',
      '/api/notifications',
      '/api/user/preferences',
      '/api/categories',
    ]) {
      expect((await client.get(url)).headers['cache-control'], url).toBe('no-store');
    }
  });
});
