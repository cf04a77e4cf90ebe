import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import type { DatabaseHandle } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { openTestDatabase } from '../support/database';
import { createClient } from '../support/http';

/**
 * Errors keep their cause (docs/decisions/006-boundaries.md): a broken record is a logged 500, not a
 * client's mistake, and the framework's own failures answer in our `{ code, message }` vocabulary.
 */
describe('errors that keep their cause', () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let lines = '';

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
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

  it('answers a corrupted password hash with a logged 500, never "wrong password"', async () => {
    const client = createClient({ app });
    const registered = await client.post('/api/register', {
      email: 'broken.hash@example.com',
      password: 'Broken!Hash1',
      fullName: 'Broken Hash',
    });
    expect(registered.status).toBe(201);
    await database.db.execute(
      sql`update users set password_hash = 'not-an-argon2-hash' where email = 'broken.hash@example.com'`,
    );
    const login = await createClient({ app }).post('/api/login', {
      email: 'broken.hash@example.com',
      password: 'Broken!Hash1',
    });
    expect(login.status).toBe(500);
    expect(login.body).toEqual({ code: 'internal_error', message: expect.any(String) });
    expect(JSON.stringify(login.body)).not.toMatch(/argon|hash|stack/i);
    expect(lines).toContain('The stored password hash could not be read');
  });

  it("maps the framework's own failures to our codes", async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5000' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'request.invalid_json' });
    const xml = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml', origin: 'http://localhost:5000' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 'request.unsupported_media_type' });
  });
});
