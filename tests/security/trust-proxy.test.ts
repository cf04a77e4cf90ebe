import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../src/server/env';
import { createTestApp, type TestContext } from '../support/app';

/**
 * A forged X-Forwarded-For must not choose the address rate limits and logs see: the header is believed
 * only from the proxies TRUST_PROXY names (in production mode too).
 */
async function forgotPasswordAnswers(
  ctx: TestContext,
  headers: (i: number) => Record<string, string>,
  from: string,
) {
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      remoteAddress: from,
      headers: headers(i),
      payload: { email: `nobody${i}@example.com` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  let untrusting: TestContext;
  let behindLoopback: TestContext;
  beforeAll(async () => {
    [untrusting, behindLoopback] = await Promise.all([
      createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://trillium.example' } }),
      createTestApp({
        env: { NODE_ENV: 'production', PUBLIC_URL: 'https://trillium.example', TRUST_PROXY: 'loopback' },
      }),
    ]);
  });
  afterAll(async () => {
    await untrusting?.close();
    await behindLoopback?.close();
  });

  it('unset: a new forged address on every request does not escape the per-address limit', async () => {
    const statuses = await forgotPasswordAnswers(
      untrusting,
      (i) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` }),
      '198.51.100.7',
    );
    expect(statuses).toContain(429);
    const seen = await untrusting.app.inject({
      url: '/api/health',
      remoteAddress: '198.51.100.8',
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(seen.statusCode).toBe(200);
  });

  it('loopback: the proxy on this machine passes the real client address, so clients are limited apart', async () => {
    // Twelve different clients through the local proxy: none is limited for another's requests.
    const apart = await forgotPasswordAnswers(
      behindLoopback,
      (i) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` }),
      '127.0.0.1',
    );
    expect(apart).not.toContain(429);
    // Someone outside who sends the header directly is not believed.
    const forged = await forgotPasswordAnswers(
      behindLoopback,
      (i) => ({ 'x-forwarded-for': `192.0.2.${i + 1}` }),
      '198.51.100.9',
    );
    expect(forged).toContain(429);
  });

  it('reads loopback, addresses, CIDR ranges and hop counts, and refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.2,::1')).toEqual(['10.0.0.0/8', '192.168.1.2', '::1']);
    expect(parseTrustProxy('true')).toBe('invalid');
    expect(parseTrustProxy('10.0.0.0/33')).toBe('invalid');
    expect(parseTrustProxy('everyone')).toBe('invalid');
  });
});
