import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertUser } from '../../src/server/db/seed/factories';
import { createTestApp, type TestContext } from '../support/app';
import { createClient } from '../support/http';

/**
 * English and French (docs/decisions/013-english-and-french.md): the API's `message` follows the
 * request's language; its `code` never changes.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    seed: async ({ db }) => {
      await insertUser(db, { email: 'known@example.com', fullName: 'Known Person', password: DEMO_PASSWORD });
    },
  });
});
afterAll(() => ctx.close());

let ip = 0;
const freshIp = () => `10.21.0.${++ip}`;
const french = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' };

describe('error messages in the request language', () => {
  it('answers a refusal in French for a French request, with the same code', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    const english = await client.post('/api/login', { email: 'known@example.com', password: 'Wrong!Pass99' });
    expect(english.status).toBe(401);
    expect(english.body).toEqual({ code: 'auth.invalid_credentials', message: 'Invalid email or password.' });

    const inFrench = await client.post(
      '/api/login',
      { email: 'known@example.com', password: 'Wrong!Pass99' },
      french,
    );
    expect(inFrench.status).toBe(401);
    expect(inFrench.body).toEqual({
      code: 'auth.invalid_credentials',
      message: 'Courriel ou mot de passe invalide.',
    });
  });

  it('translates a schema failure, naming the field as before', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    const english = await client.post('/api/login', { email: 'not-an-email', password: 'x' });
    expect(english.status).toBe(400);
    expect(english.body.code).toBe('validation_failed');
    const inFrench = await client.post('/api/login', { email: 'not-an-email', password: 'x' }, french);
    expect(inFrench.status).toBe(400);
    expect(inFrench.body.code).toBe('validation_failed');
    expect(inFrench.body.message).toMatch(/^email: /);
    expect(inFrench.body.message).not.toBe(english.body.message);
  });

  it('translates the API not-found answer and keeps English for other languages', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    const res = await client.request({ url: '/api/providers/999999', headers: french });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'providers.not_found', message: 'Ce professionnel est introuvable.' });
    const german = await client.request({
      url: '/api/providers/999999',
      headers: { 'accept-language': 'de' },
    });
    expect(german.body).toEqual({
      code: 'providers.not_found',
      message: 'The service provider was not found.',
    });
  });
});
