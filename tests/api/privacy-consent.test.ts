import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { emailOutbox, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { seedContent } from '../../src/server/db/seed/demo-content';
import { insertUser } from '../../src/server/db/seed/factories';
import { startEmailWorker } from '../../src/server/modules/email/email.worker';
import { createSmtpMailer } from '../../src/server/modules/email/email.transport';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { emailsTo } from '../support/outbox';
import { startSmtpServer } from '../support/smtp';

// Issue 19, marketing consent (CASL, docs/product.md §15): off until turned on, each change recorded,
// promotional e-mail only to those who opted in, with a one-click unsubscribe that works signed out.

const NOW = '2026-11-23T12:00:00Z';
const clock = fixedClock(NOW);
const POSTAL = 'Trillium Test Co., 1 Front Street, Toronto, ON M5J 1A1';
let ctx: TestContext;
let admin: Client;
const people: Record<'ann' | 'ben' | 'cat', Client & { email: string }> = {} as never;

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    env: { PUBLIC_URL: 'https://trillium.example', MAIL_POSTAL_ADDRESS: POSTAL },
    seed: async ({ db }) => {
      await seedContent(db, new Date(NOW));
      await insertUser(db, {
        email: 'consent.admin@example.com',
        fullName: 'Ada Admin',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
    },
  });
  admin = createClient(ctx, { ip: '10.77.0.1' });
  await admin.login('consent.admin@example.com', DEMO_PASSWORD);
  for (const [i, name] of (['ann', 'ben', 'cat'] as const).entries()) {
    const client = createClient(ctx, { ip: `10.77.1.${i + 1}` });
    const email = `consent.${name}@example.com`;
    const res = await client.post('/api/register', {
      email,
      password: 'Consent-Test!2026',
      fullName: `${name[0]!.toUpperCase()}${name.slice(1)} Person`,
    });
    expect(res.status).toBe(201);
    people[name] = Object.assign(client, { email });
  }
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;

async function consentHistory(email: string) {
  return queryRows<{ granted: boolean; source: string; created_at: string }>(
    db(),
    sql`select c.granted, c.source, c.created_at::text from consent_events c join users u on u.id = c.user_id
        where u.email = ${email} order by c.id`,
  );
}

describe('Promotional Messages consent', () => {
  it('is off for a new account until the person turns it on', async () => {
    const res = await people.ann.get('/api/user/preferences');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: true,
      sms: true,
      promotional: false,
      textsStopped: null,
      textsUnreachable: null,
    });
    expect(await consentHistory(people.ann.email)).toEqual([]);
  });

  it('records each change with its time and source, and only real changes', async () => {
    const on = await people.ann.put('/api/user/preferences', { email: true, sms: true, promotional: true });
    expect(on.status).toBe(200);
    // Saving other toggles leaves the consent as it is: nothing new is recorded.
    clock.advance(60_000);
    expect(
      (await people.ann.put('/api/user/preferences', { email: false, sms: true, promotional: true })).status,
    ).toBe(200);
    expect(await consentHistory(people.ann.email)).toEqual([
      { granted: true, source: 'settings', created_at: '2026-11-23 12:00:00+00' },
    ]);
    clock.advance(60_000);
    expect(
      (await people.cat.put('/api/user/preferences', { email: true, sms: true, promotional: true })).status,
    ).toBe(200);
    expect(
      (await people.cat.put('/api/user/preferences', { email: true, sms: true, promotional: false })).status,
    ).toBe(200);
    expect(
      (await people.cat.put('/api/user/preferences', { email: true, sms: true, promotional: true })).status,
    ).toBe(200);
    expect((await consentHistory(people.cat.email)).map((c) => [c.granted, c.source])).toEqual([
      [true, 'settings'],
      [false, 'settings'],
      [true, 'settings'],
    ]);
  });
});

describe('the admin promotional e-mail', () => {
  it('is for admins only', async () => {
    const body = { subject: 'Hello there', message: 'A message long enough to send.' };
    expect((await people.ann.post('/api/admin/promotional-emails', body)).status).toBe(403);
    expect((await createClient(ctx).post('/api/admin/promotional-emails', body)).status).toBe(401);
    expect((await people.ann.get('/api/admin/promotional-emails')).status).toBe(403);
  });

  it('goes only to the people who opted in, with List-Unsubscribe headers and the footer', async () => {
    const overview = await admin.get('/api/admin/promotional-emails');
    expect(overview.status).toBe(200);
    expect(overview.body).toEqual({ consentingCount: 2, sent: [] });
    const [promotion] = await queryRows<{ id: number }>(
      db(),
      sql`select id from promotions where code = 'FRESH20'`,
    );
    const missing = await admin.post('/api/admin/promotional-emails', {
      subject: 'Spring Cleaning Special',
      message: 'Save 20% on any deep cleaning this month.',
      promotionId: 999_999,
    });
    expect(missing.status).toBe(404);
    const sent = await admin.post('/api/admin/promotional-emails', {
      subject: 'Spring Cleaning Special',
      message: 'Save 20% on any deep cleaning or move-out cleaning booked this month.',
      promotionId: promotion!.id,
    });
    expect(sent.status).toBe(202);
    expect(sent.body.recipients).toBe(2);

    for (const name of ['ann', 'cat'] as const) {
      const [mail] = (await emailsTo(db(), people[name].email)).filter((e) => e.kind === 'promotional');
      expect(mail).toBeDefined();
      expect(mail!.subject).toBe('Spring Cleaning Special');
      expect(mail!.textBody).toContain('FRESH20');
      expect(mail!.textBody).toContain(POSTAL);
      expect(mail!.htmlBody).toContain('Unsubscribe</a>');
      expect(mail!.textBody).toMatch(
        /Unsubscribe: https:\/\/trillium\.example\/unsubscribe\?token=\d+\.[\w-]{43}\n?/,
      );
      expect(mail!.headers).toEqual({
        'List-Unsubscribe': expect.stringMatching(
          /^<https:\/\/trillium\.example\/api\/unsubscribe\?token=\d+\.[\w-]{43}>$/,
        ),
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    }
    expect((await emailsTo(db(), people.ben.email)).filter((e) => e.kind === 'promotional')).toEqual([]);
    const after = await admin.get('/api/admin/promotional-emails');
    expect(after.body.sent).toEqual([
      expect.objectContaining({ subject: 'Spring Cleaning Special', recipientCount: 2, sentBy: 'Ada Admin' }),
    ]);
  });

  it('carries the headers over SMTP', async () => {
    const smtp = await startSmtpServer();
    const worker = startEmailWorker({
      db: db(),
      mailer: createSmtpMailer({
        url: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Trillium <no-reply@trillium.test>',
      }),
      clock,
      log: { info() {}, warn() {}, error() {} },
      intervalMs: null,
      batchSize: 50,
    });
    try {
      while ((await worker.runOnce()) > 0) {}
      const promotional = smtp.received.filter((m) => m.raw.includes('Spring Cleaning Special'));
      expect(promotional.map((m) => m.to).sort()).toEqual([[people.ann.email], [people.cat.email]]);
      for (const m of promotional) {
        // Long header lines arrive folded (RFC 5322): unfolded before reading.
        const raw = m.raw.replace(/\r?\n[ \t]+/g, ' ');
        expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/trillium\.example\/api\/unsubscribe\?token=/m);
        expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      }
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });
});

describe('unsubscribing', () => {
  const tokenOf = async (email: string) => {
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(asc(emailOutbox.id));
    const promotional = (await emailsTo(db(), email)).find((e) => e.kind === 'promotional') ?? mail;
    return /unsubscribe\?token=([\w.-]+)/.exec(promotional!.textBody)![1]!;
  };

  it('a tampered or made-up link is refused and changes nothing', async () => {
    const token = await tokenOf(people.ann.email);
    const [id, mac] = token.split('.') as [string, string];
    const anyone = createClient(ctx, { ip: '10.77.2.1' });
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [`${id}.${flipped}`, `${Number(id) + 1}.${mac}`, 'garbage-token', `${id}.${mac}x`]) {
      const res = await anyone.post('/api/unsubscribe', { token: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toMatch(/^(privacy\.unsubscribe_link_invalid|validation_failed)$/);
    }
    expect((await anyone.post('/api/unsubscribe', {})).status).toBe(400);
    expect((await people.ann.get('/api/user/preferences')).body.promotional).toBe(true);
  });

  it('the link from the e-mail works signed out, at once, and is recorded', async () => {
    clock.advance(60_000);
    const token = await tokenOf(people.ann.email);
    const anyone = createClient(ctx, { ip: '10.77.2.2' });
    const res = await anyone.post('/api/unsubscribe', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: expect.stringContaining('unsubscribed'),
      email: 'c***@example.com',
    });
    expect((await people.ann.get('/api/user/preferences')).body.promotional).toBe(false);
    expect((await consentHistory(people.ann.email)).at(-1)).toMatchObject({
      granted: false,
      source: 'unsubscribe_link',
    });
    // A second click answers the same and records nothing more.
    expect((await anyone.post('/api/unsubscribe', { token })).status).toBe(200);
    expect((await consentHistory(people.ann.email)).filter((c) => !c.granted)).toHaveLength(1);
  });

  it("one click from the mail client (RFC 8058's form POST to the List-Unsubscribe address)", async () => {
    const [mail] = (await emailsTo(db(), people.cat.email)).filter((e) => e.kind === 'promotional');
    const url = new URL(/^<(.+)>$/.exec(mail!.headers['List-Unsubscribe']!)![1]!);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db()
      .select({ preferences: users.preferences })
      .from(users)
      .where(eq(users.email, people.cat.email));
    expect(row!.preferences.promotional).toBe(false);
    expect((await consentHistory(people.cat.email)).at(-1)).toMatchObject({
      granted: false,
      source: 'one_click_unsubscribe',
    });
  });

  it('the next promotional e-mail skips those who unsubscribed', async () => {
    expect(
      (await people.ben.put('/api/user/preferences', { email: true, sms: true, promotional: true })).status,
    ).toBe(200);
    const sent = await admin.post('/api/admin/promotional-emails', {
      subject: 'Winter news',
      message: 'Our winter services are open for booking.',
    });
    expect(sent.status).toBe(202);
    expect(sent.body.recipients).toBe(1);
    const winter = await queryRows<{ to_address: string }>(
      db(),
      sql`select to_address from email_outbox where subject = 'Winter news'`,
    );
    expect(winter).toEqual([{ to_address: people.ben.email }]);
  });
});

describe('the footer of transactional e-mails', () => {
  it('names Trillium and its postal address (MAIL_POSTAL_ADDRESS), with no unsubscribe link', async () => {
    const res = await people.ben.post('/api/support/contact', {
      subject: 'Footer check',
      category: 'other',
      message: 'Checking that every e-mail says who sends it.',
    });
    expect(res.status).toBe(201);
    const [mail] = await queryRows<{ text_body: string; html_body: string; headers: Record<string, string> }>(
      db(),
      sql`select text_body, html_body, headers from email_outbox where kind = 'support_request' order by id desc limit 1`,
    );
    expect(mail!.text_body).toContain("Trillium · Ontario's local services marketplace");
    expect(mail!.text_body).toContain(POSTAL);
    expect(mail!.html_body).toContain(POSTAL);
    expect(mail!.text_body).not.toContain('Unsubscribe');
    expect(mail!.headers).toEqual({});
  });
});
