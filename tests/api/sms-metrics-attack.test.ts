import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { jobs, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider } from '../../src/server/db/seed/factories';
import { enqueueEmail } from '../../src/server/modules/email/email.outbox.repository';
import { phoneDigitsAre } from '../../src/server/modules/sms/sms.repository';
import { twilioSignature } from '../../src/server/modules/sms/sms.twilio';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { runDueJobs } from '../support/jobs';
import { startFakeTwilio, twilioEnv } from '../support/twilio-fake';

// The Twilio STOP webhook, the SMS sending job and the metrics endpoints (docs/product.md §10, README
// "Metrics"), attacked by a hostile review (2026-11-27): the five tests of the first group failed
// before their fixes (the opted-out numbers, E.164 by country code, the number checked again when a
// text leaves, Twilio's final refusals); the second group's probes held and guard it now.

const SID = `AC${'2'.repeat(32)}`;
const TOKEN = 'twilio-attack-auth-token';
const PUBLIC_URL = 'https://trillium.example';
const HOOK_URL = `${PUBLIC_URL}/api/sms/webhook`;
const METRICS_TOKEN = 'scrape-token-attack-0123456789';
const HOUR = 3_600_000;
const clock = fixedClock('2026-11-23T12:00:00Z'); // Monday 7:00 AM in Toronto
/** `hour` o'clock in Toronto (EST, UTC-5) on `date`, as an ISO instant. */
const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let ctx: TestContext;
let quiet: TestContext;
let providerId: number;
let people = 0;

const sentTo = (to: string) => twilio.received.filter((m) => m.form.To === to);
const callsTo = (to: string) => twilio.calls.filter((form) => form.To === to);

async function customer(phone: string | null, app: TestContext = ctx): Promise<Customer & { id: number }> {
  const n = ++people;
  const email = `smsattack${n}@example.com`;
  const client = await signedInCustomer(app, {
    email,
    fullName: `Sam Attack${n}`,
    ip: `10.75.${Math.floor(n / 200)}.${n % 200}`,
  });
  if (phone) await app.database.db.update(users).set({ phone }).where(eq(users.email, email));
  const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return Object.assign(client, { id: Number(row!.id) });
}

const book = (client: Customer, serviceDate: string, extra: Record<string, unknown> = {}) =>
  bookAndPay(client, { providerId, serviceDate, customerName: 'Sam Attack', extra });

const smsSetting = async (client: Customer) => (await client.get('/api/user/preferences')).body.sms;

/** Moves the clock to `lead` hours before `startsAt` and runs the reminder, then its text. */
async function reminderTime(startsAt: string, leadHours: number) {
  clock.set(new Date(Date.parse(startsAt) - leadHours * HOUR));
  await runDueJobs(ctx);
  await runDueJobs(ctx);
}

/** A webhook call, signed by default with our token over the public URL and the given fields. */
async function hook(
  form: Record<string, string>,
  options: {
    app?: TestContext;
    signature?: string | string[] | null;
    payload?: string;
    contentType?: string;
    ip?: string;
  } = {},
) {
  const signature =
    options.signature === undefined ? twilioSignature(TOKEN, HOOK_URL, form) : options.signature;
  return (options.app ?? ctx).app.inject({
    method: 'POST',
    url: '/api/sms/webhook',
    remoteAddress: options.ip ?? '10.76.0.1',
    headers: {
      'content-type': options.contentType ?? 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: options.payload ?? new URLSearchParams(form).toString(),
  });
}

const stopFrom = (from: string, body = 'STOP') =>
  hook({ From: from, To: '+16475550000', Body: body, AccountSid: SID, MessageSid: `SM${from}` });

function expectClientError(res: { statusCode: number; json(): unknown }, status?: number) {
  if (status) expect(res.statusCode).toBe(status);
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
}

const seed = async ({ db }: TestContext['database']) => {
  const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
  providerId = await insertProvider(db, {
    name: 'Queen West Salon',
    categoryId: salon,
    streetAddress: '800 Queen St W',
    services: [{ name: 'Haircut', priceCents: 10000 }],
  });
};

beforeAll(async () => {
  twilio = await startFakeTwilio();
  ctx = await createTestApp({
    clock,
    env: {
      PUBLIC_URL,
      ...twilioEnv(twilio, SID, TOKEN),
      METRICS: 'true',
      METRICS_TOKEN,
    },
    seed,
  });
  quiet = await createTestApp({ clock, env: { PUBLIC_URL } });
});
afterAll(async () => {
  await ctx?.close();
  await quiet?.close();
  await twilio?.close();
});

describe('found by the review, fixed', () => {
  it('a STOP from the number a booking is texted at stops the texts to that number', async () => {
    // Texts go to the booking's phone before the account's (§10); the STOP comes from that phone.
    clock.set('2026-11-23T12:00:00Z');
    const client = await customer('416-555-0301');
    const startsAt = at(10, '2026-11-26');
    await book(client, startsAt, { customerPhone: '647-555-0301' });
    await reminderTime(startsAt, 24);
    expect(sentTo('+16475550301')).toHaveLength(1);
    expect((await stopFrom('+16475550301')).statusCode).toBe(200);
    // "Reply STOP to stop these texts": the 2-hour reminder must not text that number again.
    await reminderTime(startsAt, 2);
    expect(sentTo('+16475550301')).toHaveLength(1);
  });

  it('START from that number lifts its block: the next reminder texts it again', async () => {
    clock.set('2026-11-23T12:00:00Z');
    const client = await customer('416-555-0311');
    const startsAt = at(10, '2026-11-27');
    await book(client, startsAt, { customerPhone: '647-555-0311' });
    expect((await stopFrom('+16475550311')).statusCode).toBe(200);
    await reminderTime(startsAt, 24);
    expect(sentTo('+16475550311')).toHaveLength(0);
    // The account's own number is another one: its setting was left on.
    expect(await smsSetting(client)).not.toBe(false);
    expect((await stopFrom('+16475550311', 'start')).statusCode).toBe(200);
    await reminderTime(startsAt, 2);
    expect(sentTo('+16475550311')).toHaveLength(1);
  });

  it("the account's settings say when its number replied STOP, and how to undo it; START clears it", async () => {
    const client = await customer('416-555-0321');
    expect((await client.get('/api/user/preferences')).body.textsStopped).toBeNull();
    expect((await stopFrom('+14165550321')).statusCode).toBe(200);
    // Turning texts back on in Settings does not reach a number Twilio and we hold as stopped: say so.
    const saved = await client.put('/api/user/preferences', { email: true, sms: true, promotional: false });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      sms: true,
      textsStopped: { phone: '+14165550321', replyTo: '+16475550000' },
    });
    expect((await stopFrom('+14165550321', 'UNSTOP')).statusCode).toBe(200);
    expect((await client.get('/api/user/preferences')).body).toMatchObject({ sms: true, textsStopped: null });
  });

  it('a phone number written with another country code is never texted as a North American one', async () => {
    // '+65 9123 4567' (Singapore) passes the phone check; its ten digits must not become +1 659-123-4567,
    // a stranger's number, who would read the customer's booking.
    clock.set('2026-11-23T12:00:00Z');
    const client = await customer(null);
    const startsAt = at(11, '2026-11-26');
    await book(client, startsAt, { customerPhone: '+65 9123 4567' });
    await reminderTime(startsAt, 24);
    expect(callsTo('+16591234567')).toEqual([]);
  });

  it("the account's settings say when its number is not one texts go to, and its export lists its stopped numbers", async () => {
    // Texts were skipped without a word for a number abroad, SMS Notifications on or not.
    const abroad = await customer('+44 20 7946 0018');
    expect((await abroad.get('/api/user/preferences')).body).toMatchObject({
      sms: true,
      textsStopped: null,
      textsUnreachable: { phone: '+44 20 7946 0018' },
    });
    const home = await customer('416-555-0331');
    expect((await home.get('/api/user/preferences')).body.textsUnreachable).toBeNull();
    clock.set('2026-11-23T12:00:00Z');
    await book(home, at(11, '2026-11-27'), { customerPhone: '647-555-0331' });
    expect((await stopFrom('+16475550331')).statusCode).toBe(200);
    // The person's own data says which of their numbers we hold as stopped (the booking's, here).
    const exported = await home.get('/api/user/export');
    expect(exported.status).toBe(200);
    expect(exported.body.textsStopped).toEqual([{ phone: '+16475550331', since: clock.now().toISOString() }]);
  });

  it("a STOP finds the number's accounts through an index, not by reading every account", async () => {
    const db = ctx.database.db;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from users where ${phoneDigitsAre('4165550100')}`);
    });
    expect(JSON.stringify(plan)).toContain('users_phone_digits_idx');
  });

  it('a STOP from a number abroad leaves the North American number with the same digits alone', async () => {
    clock.set('2026-11-23T12:00:00Z');
    const client = await customer('659-123-4568'); // an Alabama number
    expect(await smsSetting(client)).not.toBe(false);
    // Twilio posts numbers in E.164: this is Singapore's +65 9123 4568, not +1 659-123-4568.
    expect((await stopFrom('+6591234568')).statusCode).toBe(200);
    expect(await smsSetting(client)).not.toBe(false);
  });

  it('a text waiting out an outage is not sent to the number the customer has since removed', async () => {
    clock.set('2026-11-23T12:00:00Z');
    const client = await customer('416-555-0401');
    const startsAt = at(12, '2026-11-26');
    await book(client, startsAt);
    twilio.failNext(1);
    await reminderTime(startsAt, 24); // the text fails once: Twilio is away
    expect(sentTo('+14165550401')).toHaveLength(0);
    const changed = await client.put('/api/user/profile', {
      fullName: 'Sam Attack',
      email: client.email,
      phone: '416-555-0402',
    });
    expect(changed.status).toBe(200);
    clock.advance(10 * 60_000);
    await runDueJobs(ctx);
    // The old number may be someone else's by now: the text goes to the new one, or not at all.
    expect(sentTo('+14165550401')).toEqual([]);
  });

  it("Twilio's final refusal of a number (400, 21610 unsubscribed) is not retried", async () => {
    clock.set('2026-11-23T12:00:00Z');
    const client = await customer('416-555-0501');
    twilio.unsubscribed.add('+14165550501');
    const startsAt = at(13, '2026-11-26');
    await book(client, startsAt);
    await reminderTime(startsAt, 24);
    expect(callsTo('+14165550501')).toHaveLength(1);
    for (let i = 0; i < 6; i++) {
      clock.advance(HOUR / 6);
      await runDueJobs(ctx);
    }
    // A 4xx is Twilio's last word (a 429 aside): one call, the job ended (not 5 calls then `failed`).
    expect(callsTo('+14165550501')).toHaveLength(1);
    const [job] = await ctx.database.db
      .select({ state: jobs.state, attempts: jobs.attempts })
      .from(jobs)
      .where(sql`${jobs.kind} = 'sms.send' and ${jobs.payload}->>'to' = '+14165550501'`);
    expect(job).toMatchObject({ attempts: 1 });
    twilio.unsubscribed.delete('+14165550501');
  });
});

describe('checked: held, kept', () => {
  describe('the webhook signature', () => {
    const form = { From: '+14165550601', To: '+16475550000', Body: 'STOP', AccountSid: SID };
    let client: Customer;
    beforeAll(async () => {
      client = await customer('416-555-0601');
    });

    it('refuses a missing, forged, wrong-length, non-ASCII or doubled signature with 403, never 500', async () => {
      const good = twilioSignature(TOKEN, HOOK_URL, form);
      for (const signature of [
        null,
        '',
        'forged',
        `${good}x`,
        good.slice(0, -1),
        good.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
        'é'.repeat(good.length),
        [good, good],
      ]) {
        const res = await hook(form, { signature });
        expect(res.statusCode, JSON.stringify(signature)).toBe(403);
        expect(res.json()).toEqual({ code: 'sms.bad_signature', message: expect.any(String) });
      }
      expect(await smsSetting(client)).not.toBe(false);
    });

    it('refuses a signature over another URL (the proxy-side one, http, a query) or with another token', async () => {
      for (const url of [
        'http://localhost:5000/api/sms/webhook',
        'http://trillium.example/api/sms/webhook',
        `${HOOK_URL}/`,
        `${HOOK_URL}?a=1`,
        PUBLIC_URL,
      ]) {
        const res = await hook(form, { signature: twilioSignature(TOKEN, url, form) });
        expect(res.statusCode, url).toBe(403);
      }
      const other = await hook(form, { signature: twilioSignature('another-token', HOOK_URL, form) });
      expect(other.statusCode).toBe(403);
      expect(await smsSetting(client)).not.toBe(false);
    });

    it('refuses a signed call with a field changed, added or removed', async () => {
      const signature = twilioSignature(TOKEN, HOOK_URL, { ...form, Body: 'hello' });
      for (const changed of [
        { ...form }, // the Body switched to STOP
        { ...form, Body: 'hello', From: '+14165550699' },
        { ...form, Body: 'hello', Extra: '' },
        { From: form.From, To: form.To, Body: 'hello' },
      ]) {
        const res = await hook(changed, { signature });
        expect(res.statusCode).toBe(403);
      }
      expect(await smsSetting(client)).not.toBe(false);
    });

    it('a duplicate key cannot smuggle a STOP past the signature', async () => {
      const hello = { ...form, Body: 'hello' };
      const signature = twilioSignature(TOKEN, HOOK_URL, hello);
      const base = new URLSearchParams(hello).toString();
      // The STOP last: the fields read are not the ones signed.
      expect((await hook(hello, { signature, payload: `${base}&Body=STOP` })).statusCode).toBe(403);
      // The STOP first: the last value is the one both signed and read (hello).
      const first = await hook(hello, { signature, payload: `Body=STOP&${base}` });
      expect(first.statusCode).toBe(200);
      expect(await smsSetting(client)).not.toBe(false);
    });

    it('accepts the fields in any order and with a charset, as Twilio signs them sorted', async () => {
      const other = await customer('416-555-0602');
      const stop = { To: '+16475550000', Body: 'Stop', From: '+14165550602', AccountSid: SID };
      const reversed = Object.fromEntries(Object.entries(stop).reverse());
      const res = await hook(stop, {
        payload: new URLSearchParams(reversed).toString(),
        contentType: 'application/x-www-form-urlencoded; charset=UTF-8',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/xml/);
      expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      expect(await smsSetting(other)).toBe(false);
    });

    it('without Twilio settings the webhook is 404 { code, message }, even for a well-signed call', async () => {
      const res = await hook(form, { app: quiet });
      expectClientError(res, 404);
      expect(res.json().code).toBe('sms.not_configured');
    });
  });

  describe('the webhook body', () => {
    it('a body that is not form fields of text answers 4xx { code, message }, never 500', async () => {
      const signature = twilioSignature(TOKEN, HOOK_URL, {});
      const cases: { payload: string; contentType: string }[] = [
        { payload: 'From=+14165550701&Body=STOP', contentType: 'text/plain' },
        { payload: '{"From":"+14165550701","Body":1}', contentType: 'application/json' },
        { payload: '{"From":["+14165550701"],"Body":"STOP"}', contentType: 'application/json' },
        { payload: '["STOP"]', contentType: 'application/json' },
        { payload: '{not json', contentType: 'application/json' },
        { payload: '<Body>STOP</Body>', contentType: 'application/xml' },
        { payload: '--x\r\n', contentType: 'multipart/form-data; boundary=x' },
      ];
      for (const { payload, contentType } of cases) {
        const res = await hook({}, { signature, payload, contentType });
        expectClientError(res);
      }
      // An odd form: a prototype's name as a field, percent-escapes that decode to nothing valid.
      for (const payload of [
        '__proto__=x&constructor=y&From=%2B14165550701&Body=STOP',
        'Body=%E0%A4%A&From=%',
      ]) {
        const res = await hook({}, { signature: 'forged', payload });
        expect(res.statusCode).toBe(403);
      }
    });

    it('a body over 16 KiB is refused with 413 { code, message } before any work', async () => {
      const res = await hook({}, { signature: 'forged', payload: `Body=${'a'.repeat(17_000)}` });
      expectClientError(res, 413);
    });

    it('a JSON body needs the same signature (Twilio only posts forms, but nothing is believed unsigned)', async () => {
      const client = await customer('416-555-0702');
      const fields = { From: '+14165550702', Body: 'STOP' };
      const unsigned = await hook(fields, {
        signature: null,
        payload: JSON.stringify(fields),
        contentType: 'application/json',
      });
      expect(unsigned.statusCode).toBe(403);
      expect(await smsSetting(client)).not.toBe(false);
    });
  });

  describe('the keywords and numbers', () => {
    it('honours the opt-out words in any case, with surrounding whitespace', async () => {
      const words = [
        ' stop ',
        'Stop\n',
        '\tUNSUBSCRIBE',
        'cancel',
        'End',
        'quit',
        'StopAll',
        'optout',
        'revoke',
      ];
      for (const [i, word] of words.entries()) {
        const phone = `416-555-08${String(i).padStart(2, '0')}`;
        const client = await customer(phone);
        expect((await stopFrom(`+1${phone.replace(/\D/g, '')}`, word)).statusCode).toBe(200);
        expect(await smsSetting(client), JSON.stringify(word)).toBe(false);
      }
    });

    it('leaves the setting alone for HELP, START, UNSTOP, a sentence, lookalikes and an empty body', async () => {
      const client = await customer('416-555-0820');
      for (const word of [
        'HELP',
        'START',
        'unstop',
        'please stop',
        'STOP.',
        'S T O P',
        'ＳＴＯＰ', // fullwidth letters
        'SТОР', // Cyrillic Т, О, Р
        '',
      ]) {
        const res = await stopFrom('+14165550820', word);
        expect(res.statusCode, word).toBe(200);
        expect(await smsSetting(client), word).not.toBe(false);
      }
      const noBody = await hook({ From: '+14165550820' });
      expect(noBody.statusCode).toBe(200);
      expect(await smsSetting(client)).not.toBe(false);
    });

    it('matches the number however the account typed it, and every account sharing it', async () => {
      const typed = ['(416) 555-0830', '+1 416 555 0830', '1-416-555-0830', '416.555.0830'];
      const sharing = [];
      for (const phone of typed) sharing.push(await customer(phone));
      const neighbour = await customer('416-555-0831');
      const farAway = await customer('905-555-0830'); // same last seven digits, another area code
      expect((await stopFrom('+14165550830')).statusCode).toBe(200);
      for (const client of sharing) expect(await smsSetting(client)).toBe(false);
      expect(await smsSetting(neighbour)).not.toBe(false);
      expect(await smsSetting(farAway)).not.toBe(false);
      // A From without the country code (not Twilio's form, but signed) is the same number.
      const national = await customer('416-555-0832');
      expect((await stopFrom('4165550832')).statusCode).toBe(200);
      expect(await smsSetting(national)).toBe(false);
    });

    it('concurrent and replayed STOPs all answer 200 and leave the setting off', async () => {
      const client = await customer('416-555-0840');
      const answers = await Promise.all(Array.from({ length: 8 }, () => stopFrom('+14165550840')));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(await smsSetting(client)).toBe(false);
      expect((await stopFrom('+14165550840')).statusCode).toBe(200);
      expect(await smsSetting(client)).toBe(false);
    });

    it('is rate limited per address: 120 a minute, then 429 { code, message }; another address goes on', async () => {
      const ip = '10.77.0.1';
      const statuses: number[] = [];
      for (let i = 0; i < 121; i++) statuses.push((await hook({}, { signature: 'forged', ip })).statusCode);
      expect(statuses.slice(0, 120).every((s) => s === 403)).toBe(true);
      expect(statuses[120]).toBe(429);
      const limited = await hook({}, { signature: 'forged', ip });
      expectClientError(limited, 429);
      expect((await hook({}, { signature: 'forged', ip: '10.77.0.2' })).statusCode).toBe(403);
    });
  });

  describe('the texts', () => {
    it('a STOP during a Twilio outage stops the reminder text waiting to be retried', async () => {
      clock.set('2026-11-23T12:00:00Z');
      const client = await customer('416-555-0901');
      const startsAt = at(14, '2026-11-26');
      await book(client, startsAt);
      twilio.failNext(1);
      await reminderTime(startsAt, 24);
      expect(callsTo('+14165550901')).toHaveLength(1);
      expect((await stopFrom('+14165550901')).statusCode).toBe(200);
      clock.advance(10 * 60_000);
      await runDueJobs(ctx);
      expect(sentTo('+14165550901')).toEqual([]);
      await reminderTime(startsAt, 2);
      expect(sentTo('+14165550901')).toEqual([]);
    });

    it('texts turned off in Settings stop the text waiting to be retried', async () => {
      clock.set('2026-11-23T12:00:00Z');
      const client = await customer('416-555-0902');
      const startsAt = at(15, '2026-11-26');
      await book(client, startsAt);
      twilio.failNext(1);
      await reminderTime(startsAt, 24);
      expect(callsTo('+14165550902')).toHaveLength(1); // refused once: the text waits for its retry
      const prefs = (await client.get('/api/user/preferences')).body;
      expect((await client.put('/api/user/preferences', { ...prefs, sms: false })).status).toBe(200);
      clock.advance(10 * 60_000);
      await runDueJobs(ctx);
      expect(sentTo('+14165550902')).toEqual([]);
    });

    it('a deleted account takes its waiting texts with it', async () => {
      clock.set('2026-11-23T12:00:00Z');
      const client = await customer('416-555-0903');
      const startsAt = at(16, '2026-11-26');
      await book(client, startsAt);
      twilio.failNext(1);
      await reminderTime(startsAt, 24);
      expect(callsTo('+14165550903')).toHaveLength(1);
      const deleted = await client.request({
        method: 'DELETE',
        url: '/api/user',
        body: { currentPassword: DEMO_PASSWORD },
      });
      expect(deleted.status).toBe(200);
      clock.advance(10 * 60_000);
      await runDueJobs(ctx);
      expect(sentTo('+14165550903')).toEqual([]);
    });

    it('a reminder text stays one SMS-sized message under Twilio’s 1,600 characters, ending with STOP', async () => {
      const texts = twilio.received.map((t) => t.form.Body ?? '').filter((body) => body.includes('Haircut'));
      expect(texts.length).toBeGreaterThan(0);
      for (const body of texts) {
        expect(body.length).toBeLessThan(1600);
        expect(body).toMatch(/Reply STOP to stop these texts\.$/);
      }
    });
  });
});

describe('checked: held, kept (metrics)', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { METRICS: 'true', TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => proxied?.close());

  const get = (
    url: string,
    options: { ip?: string; headers?: Record<string, string>; app?: TestContext } = {},
  ) =>
    (options.app ?? ctx).app.inject({
      url,
      remoteAddress: options.ip ?? '203.0.113.9',
      headers: options.headers ?? {},
    });

  it('a forged X-Forwarded-For does not make a visitor loopback', async () => {
    for (const url of ['/api/metrics', '/api/metrics.json']) {
      for (const xff of ['127.0.0.1', '::1', '10.0.0.1, 127.0.0.1']) {
        const res = await get(url, { headers: { 'x-forwarded-for': xff, 'x-real-ip': '127.0.0.1' } });
        expect(res.statusCode, `${url} ${xff}`).toBe(404);
      }
      // Behind a proxy on loopback (TRUST_PROXY=loopback), the visitor's own address counts.
      for (const xff of ['203.0.113.9', '127.0.0.1, 203.0.113.9']) {
        const res = await get(url, { app: proxied, ip: '127.0.0.1', headers: { 'x-forwarded-for': xff } });
        expect(res.statusCode, `${url} via proxy ${xff}`).toBe(404);
      }
    }
    expect((await get('/api/metrics', { app: proxied, ip: '127.0.0.1' })).statusCode).toBe(200);
  });

  it('answers a stranger exactly as a route that does not exist, HEAD and ?reset=1&gc=1 included', async () => {
    const missing = await get('/api/metricz');
    for (const url of ['/api/metrics', '/api/metrics.json', '/api/metrics.json?reset=1&gc=1']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: missing.json().code,
        message: `No such API route: GET ${url.split('?')[0]}`,
      });
      const head = await ctx.app.inject({ method: 'HEAD', url, remoteAddress: '203.0.113.9' });
      expect(head.statusCode, `HEAD ${url}`).toBe(404);
    }
  });

  it('refuses every near miss of the token with 401 { code, message }, never 500', async () => {
    for (const authorization of [
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      `Bearer ${METRICS_TOKEN.slice(0, -1)}X`,
      `Bearer  ${METRICS_TOKEN}`,
      `Bearer ${METRICS_TOKEN} `,
      METRICS_TOKEN,
      `Basic ${METRICS_TOKEN}`,
      'Bearer ',
      `Bearer ${'é'.repeat(METRICS_TOKEN.length)}`,
    ]) {
      const res = await get('/api/metrics.json?reset=1', { headers: { authorization } });
      expectClientError(res, 401);
    }
    // A wrong token from loopback is refused too (a header is never ignored).
    expect(
      (await get('/api/metrics', { ip: '127.0.0.1', headers: { authorization: 'Bearer wrong' } })).statusCode,
    ).toBe(401);
  });

  it('a token holder with a bad query gets 400 { code, message }', async () => {
    for (const query of ['reset=2', 'gc=yes', 'reset=1&reset=1']) {
      const res = await get(`/api/metrics.json?${query}`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expectClientError(res, 400);
    }
  });

  it('random URLs, methods and statuses do not make new series: routes are patterns', async () => {
    const seriesSeen = async () => {
      const text = (await get('/api/metrics', { ip: '127.0.0.1' })).body;
      const series = text.split('\n').filter((line) => line.startsWith('trillium_http_requests_total{'));
      return new Set(series.map((line) => line.slice(0, line.lastIndexOf(' '))));
    };
    const before = await seriesSeen();
    const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;
    for (let i = 0; i < 120; i++) {
      const junk = `r${i}x${Math.random().toString(36).slice(2)}`;
      for (const url of [
        `/api/${junk}`,
        `/api/providers/${junk}`,
        `/${junk}/deep/${i}`,
        `/api/metrics/${junk}`,
      ]) {
        await ctx.app.inject({
          method: methods[i % methods.length],
          url,
          remoteAddress: '203.0.113.10',
          headers: { 'content-type': 'application/json' },
          payload:
            methods[i % methods.length] === 'GET' || methods[i % methods.length] === 'HEAD' ? undefined : '{',
        });
      }
    }
    const after = await seriesSeen();
    const added = [...after].filter((line) => !before.has(line));
    // At most one series per method and route pattern and status, never one per URL.
    expect(added.length).toBeLessThan(40);
    expect(added.some((line) => /r\d+x/.test(line))).toBe(false);
  });

  it('leaks no address, phone or message: the outbox and queue are counted by status and kind only', async () => {
    await enqueueEmail(
      ctx.database.db,
      { to: 'secret.person@example.com', subject: 'Private', text: 'Hi', html: '<p>Hi</p>', kind: 'test' },
      { now: clock.now() },
    );
    const text = (await get('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    expect(text).toContain('trillium_outbox_messages');
    expect(text).not.toMatch(/secret\.person|@example\.com|\+1416555|Haircut|Sam Attack/);
  });
});
