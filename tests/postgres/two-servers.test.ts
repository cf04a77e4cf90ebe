import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../../src/server/modules/auth/auth.repository';
import { holdSlot, lastFreeSlot, signInOverHttp } from '../support/http-journey';
import { freePort, type ServerProcess, startServerProcess } from '../support/processes';
import { AT_HOME } from '../support/service-address';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Several stateless server processes on one PostgreSQL (issue "Proof for production": scale-out). */
describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  const dbName = `trillium_t_scale_${randomBytes(4).toString('hex')}`;
  let url: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let smtp: SMTPServer;
  const received: { to: string; subject: string }[] = [];
  let pool: pg.Pool;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const dbUrl = new URL(adminUrl!);
    dbUrl.pathname = `/${dbName}`;
    url = dbUrl.toString();
    pool = new pg.Pool({ connectionString: url, max: 4 });

    const smtpPort = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (c) => {
          raw += c;
        });
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

    const env = {
      DATABASE_URL: url,
      SEED_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      JOBS_INTERVAL_MS: '300',
      // The test stands in for a reverse proxy on loopback: it says which client each request is for.
      TRUST_PROXY: 'loopback',
    };
    // Both start at the same moment on an empty database: migrations and seeding must run once.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await pool?.end();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  it('migrated and seeded exactly once', async () => {
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/api/providers?limit=1`);
      expect(res.headers.get('x-total-count')).toBe('64');
      expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({
        status: 'ok',
        database: 'postgres',
      });
    }
    const { rows } = await pool.query('select count(*)::int as n from users where email = $1', [
      'admin@example.com',
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('shares sessions: signed in on one, signed in on the other', async () => {
    const cookie = await signInOverHttp(a.url);
    const me = await fetch(`${b.url}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe('customer@example.com');
  });

  it('gives one slot to exactly one of 20 customers split across both servers, and e-mails the winner once', async () => {
    const hash = (
      await pool.query('select password_hash from users where email = $1', ['customer@example.com'])
    ).rows[0].password_hash;
    const sessions: string[] = [];
    for (let i = 0; i < 20; i++) {
      const user = await pool.query(
        `insert into users (email, username, full_name, password_hash) values ($1, $2, $3, $4) returning id`,
        [`racer${i}@example.com`, `racer${i}`, `Racer ${i}`, hash],
      );
      const id = randomToken();
      await pool.query(
        `insert into sessions (id_hash, user_id, expires_at) values ($1, $2, now() + interval '1 hour')`,
        [sha256(id), user.rows[0].id],
      );
      sessions.push(id);
    }
    const slotStart = await lastFreeSlot(a.url, 5);
    const results = await Promise.all(
      sessions.map((session, i) =>
        fetch(`${(i % 2 ? a : b).url}/api/create-payment-intent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `trillium_session=${session}` },
          body: JSON.stringify({
            providerId: 5,
            serviceDate: slotStart,
            customerName: `Racer ${i}`,
            customerEmail: `racer${i}@example.com`,
            ...AT_HOME,
          }),
        }).then(async (r) => ({ status: r.status, body: await r.json(), session, server: i % 2 ? a : b })),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const winner = winners[0]!;
    const headers = { 'content-type': 'application/json', cookie: `trillium_session=${winner.session}` };
    const card = await (
      await fetch(`${winner.server.url}/api/payments/sandbox/payment-methods`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }),
      })
    ).json();
    const other = winner.server === a ? b : a;
    const confirm = await fetch(`${other.url}/api/confirm-payment-intent`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ paymentIntentId: winner.body.paymentIntentId, paymentMethodId: card.id }),
    });
    expect(confirm.status).toBe(200);
    await expect
      .poll(() => received.filter((m) => m.subject.includes(winner.body.referenceNumber)).length, {
        timeout: 15_000,
      })
      .toBe(1);
  });

  it('delivers each e-mail once with both workers running', async () => {
    const addresses = Array.from({ length: 10 }, (_v, i) => `reset${i}@example.com`);
    const hash = (await pool.query('select password_hash from users limit 1')).rows[0].password_hash;
    for (const [i, email] of addresses.entries()) {
      await pool.query(
        `insert into users (email, username, full_name, password_hash) values ($1, $2, 'Reset Me', $3)`,
        [email, `reset${i}`, hash],
      );
    }
    await Promise.all(
      addresses.map((email, i) =>
        fetch(`${(i % 2 ? a : b).url}/api/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}` },
          body: JSON.stringify({ email }),
        }),
      ),
    );
    await expect
      .poll(() => received.filter((m) => addresses.includes(m.to)).length, { timeout: 20_000 })
      .toBe(10);
    await new Promise((r) => setTimeout(r, 2500));
    expect(received.filter((m) => addresses.includes(m.to))).toHaveLength(10);
  });

  it('counts a rate limit once across both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${(i % 2 ? a : b).url}/api/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
        body: JSON.stringify({ email: `limit${i}@example.com` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('reconciles a missed payment once even with both job runners', async () => {
    const cookie = await signInOverHttp(a.url);
    const { body: hold } = await holdSlot(a.url, cookie, 6, 'chris.reconcile@example.com');
    // The processor took the money; the server never heard (as if it died at that moment).
    await pool.query(`update sandbox_intents set status = 'succeeded' where id = $1`, [hold.paymentIntentId]);
    await pool.query(`update bookings set updated_at = now() - interval '5 minutes' where id = $1`, [
      hold.bookingId,
    ]);
    await expect
      .poll(
        async () =>
          (await pool.query('select status from bookings where id = $1', [hold.bookingId])).rows[0].status,
        { timeout: 15_000 },
      )
      .toBe('confirmed');
    await expect
      .poll(() => received.filter((m) => m.to === 'chris.reconcile@example.com').length, { timeout: 15_000 })
      .toBe(1);
    await new Promise((r) => setTimeout(r, 2500));
    expect(received.filter((m) => m.to === 'chris.reconcile@example.com')).toHaveLength(1);
    const notes = await pool.query(`select count(*)::int as n from notifications where message like $1`, [
      `%${hold.referenceNumber}%`,
    ]);
    expect(notes.rows[0].n).toBe(1);
  });

  it('runs 200 queued jobs exactly once each with both job runners claiming', async () => {
    // A real, harmless kind: a password-reset job makes one single-use token and queues one e-mail, so
    // a job run twice would show as a second token or a second message.
    const hash = (await pool.query('select password_hash from users limit 1')).rows[0].password_hash;
    const emails = Array.from({ length: 200 }, (_v, i) => `queue${i}@example.com`);
    await pool.query(
      `insert into users (email, username, full_name, password_hash)
       select e, split_part(e, '@', 1), 'Queue Runner', $2 from unnest($1::text[]) as e`,
      [emails, hash],
    );
    // All 200 become due at the same moment (one statement), for both processes' runners at once.
    await pool.query(
      `insert into jobs (kind, key, payload, run_at, max_attempts)
       select 'auth.password-reset', 'two-servers-200:' || e, jsonb_build_object('email', e), now(), 3
       from unnest($1::text[]) as e`,
      [emails],
    );
    const states = () =>
      pool.query<{ state: string; attempts: number; n: number }>(
        `select state, attempts, count(*)::int as n from jobs where key like 'two-servers-200:%'
         group by state, attempts order by state, attempts`,
      );
    await expect
      .poll(async () => (await states()).rows, { timeout: 60_000, interval: 250 })
      .toEqual([{ state: 'done', attempts: 1, n: 200 }]);
    const tokens = await pool.query<{ n: number }>(
      `select count(*)::int as n from email_tokens t join users u on u.id = t.user_id
       where u.email = any($1::text[]) and t.purpose = 'password_reset' group by u.id`,
      [emails],
    );
    expect(tokens.rows).toHaveLength(200);
    expect(tokens.rows.every((r) => r.n === 1)).toBe(true);
    await expect
      .poll(() => received.filter((m) => emails.includes(m.to)).length, { timeout: 60_000 })
      .toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    expect(new Set(received.filter((m) => emails.includes(m.to)).map((m) => m.to)).size).toBe(200);
    expect(received.filter((m) => emails.includes(m.to))).toHaveLength(200);
  }, 150_000);
});
