import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { jobs } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertUser } from '../../src/server/db/seed/factories';
import { loadEnv } from '../../src/server/env';
import { createTestApp, type TestContext } from '../support/app';
import { createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { emailsTo } from '../support/outbox';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    seed: async ({ db }) => {
      await insertUser(db, { email: 'Known@Example.com', fullName: 'Known Person', password: DEMO_PASSWORD });
    },
  });
});
afterAll(() => ctx.close());

const strong = 'Maple!Syrup42';
let ipCounter = 0;
const freshIp = () => `10.1.0.${++ipCounter}`;

describe('POST /api/register', () => {
  it('creates an account from the auth page payload, signs it in, and never shows a hash', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    const res = await client.post('/api/register', {
      email: 'new.person@example.com',
      password: strong,
      fullName: 'New Person',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'new.person@example.com',
      fullName: 'New Person',
      role: 'user',
      username: 'new.person',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/hash|argon|password/i);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/trillium_session=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Max-Age/);
    expect((await client.get('/api/user')).body.email).toBe('new.person@example.com');
  });

  it('accepts the header modal payload with username and phone', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    const res = await client.post('/api/register', {
      username: 'modaluser',
      password: strong,
      email: 'modal@example.com',
      fullName: 'Modal User',
      phone: '416-555-0199',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'modaluser', phone: '416-555-0199' });
  });

  it('derives a unique username when none is given', async () => {
    const a = await createClient(ctx, { ip: freshIp() }).post('/api/register', {
      email: 'sam@one.example',
      password: strong,
      fullName: 'Sam One',
    });
    const b = await createClient(ctx, { ip: freshIp() }).post('/api/register', {
      email: 'sam@two.example',
      password: strong,
      fullName: 'Sam Two',
    });
    expect(a.body.username).toBe('sam');
    expect(b.body.username).toBe('sam2');
  });

  it('refuses an address already registered, whatever its letter case', async () => {
    const res = await createClient(ctx, { ip: freshIp() }).post('/api/register', {
      email: 'KNOWN@example.COM',
      password: strong,
      fullName: 'Copy Cat',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('already registered');
  });

  it('lets one of five sign-ups racing for one address win, and tells the others it is taken', async () => {
    // Each passes the "already registered?" check before any has written: the unique index decides.
    const results = await Promise.all(
      Array.from({ length: 5 }, (_v, i) =>
        createClient(ctx, { ip: freshIp() }).post('/api/register', {
          email: 'racing-signups@example.com',
          password: strong,
          fullName: `Racer ${i}`,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.code).toBe('auth.email_taken');
  });

  it('ignores a role sent by the client', async () => {
    const res = await createClient(ctx, { ip: freshIp() }).post('/api/register', {
      email: 'sneaky@example.com',
      password: strong,
      fullName: 'Sneaky Person',
      role: 'admin',
    });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('user');
  });

  it.each([
    [{ password: 'Sh0rt!' }, 'Password must be at least 8 characters'],
    [{ password: 'lowercase!only' }, 'Password must contain at least 1 capital letter'],
    [{ password: 'NoSpecials123' }, 'Password must contain at least 1 special character'],
    [{ password: 'Password123!' }, 'too common'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ fullName: 'A' }, 'Full name must be at least 2 characters'],
    [{ confirmPassword: 'Different!1' }, "Passwords don't match"],
    [{ phone: '12' }, 'Please enter a valid phone number'],
  ])('refuses %o with the message "%s"', async (override, message) => {
    const res = await createClient(ctx, { ip: freshIp() }).post('/api/register', {
      email: 'valid@example.com',
      password: strong,
      fullName: 'Valid Name',
      ...override,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('rate limits sign-ups from one address', async () => {
    const client = createClient(ctx, { ip: '10.9.9.9' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await client.post('/api/register', {
            email: `burst${i}@example.com`,
            password: strong,
            fullName: 'Burst Person',
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    const last = await client.post('/api/register', {
      email: 'burst-last@example.com',
      password: strong,
      fullName: 'Burst Person',
    });
    expect(last.status).toBe(429);
    expect(last.headers['retry-after']).toBeTruthy();
    expect(last.body).toMatchObject({ code: 'rate_limited', message: expect.any(String) });
  });
});

describe('sign-in and sessions', () => {
  it('signs in, keeps the session, and signs out', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    const user = await client.login('known@example.com', DEMO_PASSWORD);
    expect(user.fullName).toBe('Known Person');
    expect((await client.get('/api/user')).status).toBe(200);
    const out = await client.post('/api/logout');
    expect(out.status).toBe(204);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('answers the same for an unknown e-mail and a wrong password', async () => {
    const unknown = await createClient(ctx, { ip: freshIp() }).post('/api/login', {
      email: 'nobody@example.com',
      password: DEMO_PASSWORD,
    });
    const wrong = await createClient(ctx, { ip: freshIp() }).post('/api/login', {
      email: 'known@example.com',
      password: 'Wrong!Password1',
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('gives a remembered session a lasting cookie', async () => {
    const res = await createClient(ctx, { ip: freshIp() }).post('/api/login', {
      email: 'known@example.com',
      password: DEMO_PASSWORD,
      remember: true,
    });
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
  });

  it('issues a new session id at every sign-in and ends the old one', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    await client.login('known@example.com', DEMO_PASSWORD);
    const first = client.cookie;
    await client.login('known@example.com', DEMO_PASSWORD);
    expect(client.cookie).not.toBe(first);
    const stale = createClient(ctx);
    stale.cookie = first;
    expect((await stale.get('/api/user')).status).toBe(401);
  });

  it('answers 401 with a JSON body when signed out', async () => {
    const res = await createClient(ctx).get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'auth.required', message: expect.any(String) });
  });

  it('keeps sessions across a restart of the server', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    await client.login('known@example.com', DEMO_PASSWORD);
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const restarted = await buildApp({ env, database: ctx.database });
    await restarted.ready();
    const again = createClient({ app: restarted });
    again.cookie = client.cookie;
    expect((await again.get('/api/user')).body.email).toBe('Known@Example.com');
    await restarted.close();
  });

  it('throttles repeated failures from one address for one account with 429 and Retry-After', async () => {
    const email = 'throttle@example.com';
    await insertUser(ctx.database.db, { email, fullName: 'Throttle Me', password: DEMO_PASSWORD });
    const attacker = createClient(ctx, { ip: '10.9.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await attacker.post('/api/login', { email, password: 'Wrong!Password1' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await attacker.post('/api/login', { email, password: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Too many sign-in attempts/);
  });

  it("never locks the owner out: strangers' failures do not refuse the right password from another address", async () => {
    const email = 'owner-under-attack@example.com';
    await insertUser(ctx.database.db, { email, fullName: 'Owner Attacked', password: DEMO_PASSWORD });
    // Five wrong passwords from one address, then 25 more from 25 others: the account is under attack.
    const attacker = createClient(ctx, { ip: '10.9.1.1' });
    for (let i = 0; i < 5; i++)
      expect((await attacker.post('/api/login', { email, password: 'Wrong!Password1' })).status).toBe(401);
    for (let i = 0; i < 25; i++) {
      const res = await createClient(ctx, { ip: `10.9.2.${i}` }).post('/api/login', {
        email,
        password: 'Wrong!Password1',
      });
      expect(res.status).toBe(401);
    }
    // An address that already failed for this account may not try again...
    expect(
      (await createClient(ctx, { ip: '10.9.2.3' }).post('/api/login', { email, password: 'Wrong!Password1' }))
        .status,
    ).toBe(429);
    // ...but the owner, from an address without failures, signs in (admins included).
    const owner = await createClient(ctx, { ip: '10.9.3.1' }).post('/api/login', {
      email,
      password: DEMO_PASSWORD,
    });
    expect(owner.status).toBe(200);
    expect(owner.body.email).toBe(email);
  });

  it('checks at most 5 of 40 wrong passwords sent at once from one address', async () => {
    const email = 'parallel@example.com';
    await insertUser(ctx.database.db, { email, fullName: 'Parallel Target', password: DEMO_PASSWORD });
    const attacker = createClient(ctx, { ip: '10.9.4.1' });
    const results = await Promise.all(
      Array.from({ length: 40 }, () => attacker.post('/api/login', { email, password: 'Wrong!Password1' })),
    );
    const checked = results.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429).length).toBe(40 - checked);
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
  });

  it('forgives an address its failures for the account once the right password comes from it', async () => {
    const email = 'forgiven@example.com';
    await insertUser(ctx.database.db, { email, fullName: 'Forgiven Typist', password: DEMO_PASSWORD });
    const client = createClient(ctx, { ip: '10.9.5.1' });
    for (let i = 0; i < 4; i++)
      expect((await client.post('/api/login', { email, password: 'Wrong!Password1' })).status).toBe(401);
    expect((await client.post('/api/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
    const again: number[] = [];
    for (let i = 0; i < 5; i++)
      again.push((await client.post('/api/login', { email, password: 'Wrong!Password1' })).status);
    expect(again).toEqual([401, 401, 401, 401, 401]);
  });

  it('throttles repeated failures from one address across accounts', async () => {
    const client = createClient(ctx, { ip: '10.7.7.7' });
    for (let i = 0; i < 30; i++)
      await client.post('/api/login', { email: `spray${i}@example.com`, password: 'Wrong!Password1' });
    expect(
      (await client.post('/api/login', { email: 'known@example.com', password: DEMO_PASSWORD })).status,
    ).toBe(429);
  });
});

describe('forgot password', () => {
  it('does the same work for a known and an unknown address: one queued job, no e-mail in the request', async () => {
    const ask = (email: string) =>
      createClient(ctx, { ip: freshIp() }).post('/api/forgot-password', { email });
    const known = await ask('known@example.com');
    const unknown = await ask('nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const queued = await ctx.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, 'auth.password-reset'));
    expect(queued.map((j) => j.payload.email)).toEqual(
      expect.arrayContaining(['known@example.com', 'nobody-here@example.com']),
    );
    expect(await emailsTo(ctx.database.db, 'Known@Example.com')).toHaveLength(0);
    await runDueJobs(ctx);
    expect(await emailsTo(ctx.database.db, 'Known@Example.com')).toHaveLength(1);
    expect(await emailsTo(ctx.database.db, 'nobody-here@example.com')).toHaveLength(0);
  });

  it('answers a known and an unknown address equally fast (the median of 30 back-to-back pairs)', async () => {
    // Each pair's two requests run one right after the other (which goes first alternates), so a slow
    // moment of the machine (another test file beside this one) slows both sides of a pair alike; the
    // median of the pairs' ratios is then the difference of the two paths, not of the moments.
    const time = async (email: string) => {
      const started = performance.now();
      const res = await createClient(ctx, { ip: freshIp() }).post('/api/forgot-password', { email });
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    const medianRatio = async (round: number) => {
      const ratios: number[] = [];
      for (let i = 0; i < 30; i++) {
        const unknownEmail = `nobody${round}-${i}@example.com`;
        if (i % 2) {
          const known = await time('known@example.com');
          ratios.push(known / (await time(unknownEmail)));
        } else {
          const unknown = await time(unknownEmail);
          ratios.push((await time('known@example.com')) / unknown);
        }
      }
      return ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
    };
    // Up to three rounds: on a machine running other suites at once one round can land at 1.6 (a CI run
    // did); a real difference in the paths (before the fix, about 2) fails every round.
    const within = (r: number) => r < 1.5 && r > 1 / 1.5;
    const rounds: number[] = [];
    for (let round = 0; round < 3 && !rounds.some(within); round++) rounds.push(await medianRatio(round));
    // Before the fix the known address took about twice as long (it wrote a token and an e-mail).
    expect(rounds.some(within), `median ratios per round: ${rounds.join(', ')}`).toBe(true);
  });
});

describe('cross-site request forgery', () => {
  it('refuses a state-changing request from another origin', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    const res = await client.post(
      '/api/login',
      { email: 'known@example.com', password: DEMO_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.foreign_origin');
  });

  it('refuses a request the browser marks cross-site', async () => {
    const res = await createClient(ctx, { ip: freshIp() }).post('/api/logout', undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(res.status).toBe(403);
  });

  it('accepts our own origin', async () => {
    const res = await createClient(ctx, { ip: freshIp() }).post(
      '/api/login',
      { email: 'known@example.com', password: DEMO_PASSWORD },
      { origin: 'http://localhost:5000', 'sec-fetch-site': 'same-origin' },
    );
    expect(res.status).toBe(200);
  });
});
