import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { emailOutbox, jobs, users } from '../../src/server/db/schema';
import { insertCategory, insertProvider } from '../../src/server/db/seed/factories';
import { twilioSignature } from '../../src/server/modules/sms/sms.twilio';
import { createTestApp, type TestContext } from '../support/app';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';
import { runDueJobs } from '../support/jobs';
import { startFakeTwilio, twilioEnv } from '../support/twilio-fake';

// Issue "Reminders, calendar files and one durable job queue": SMS reminders through Twilio's REST API,
// tested against a local fake of its one endpoint, and the STOP reply webhook.

const SID = `AC${'1'.repeat(32)}`;
const TOKEN = 'twilio-test-auth-token';
const PUBLIC_URL = 'https://trillium.example';
const HOUR = 3_600_000;
const clock = fixedClock('2026-11-23T12:00:00Z'); // Monday 7:00 AM in Toronto
const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let ctx: TestContext;
let quiet: TestContext;
let providerId: number;
let people = 0;

async function customer(app: TestContext, phone: string | null): Promise<Customer> {
  const email = `sms${++people}@example.com`;
  const client = await signedInCustomer(app, {
    email,
    fullName: `Sam Texter${people}`,
    ip: `10.74.0.${people}`,
  });
  if (phone) await app.database.db.update(users).set({ phone }).where(eq(users.email, email));
  return client;
}

const book = (client: Customer, serviceDate: string) =>
  bookAndPay(client, { providerId, serviceDate, customerName: 'Sam Texter' });

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
    },
    seed,
  });
  quiet = await createTestApp({ clock, env: { PUBLIC_URL }, seed });
});
afterAll(async () => {
  await ctx?.close();
  await quiet?.close();
  await twilio?.close();
});

const textsTo = (to: string) => twilio.received.filter((m) => m.form.To === to);

describe('SMS reminders', () => {
  it('go to the account phone once, end with how to stop them, and are retried while Twilio is away', async () => {
    clock.set('2026-11-23T12:00:00Z');
    const client = await customer(ctx, '(416) 555-0101');
    await book(client, at(10, '2026-11-25'));
    twilio.failNext(1);
    clock.set(new Date(Date.parse(at(10, '2026-11-25')) - 24 * HOUR));
    await runDueJobs(ctx); // the reminder, which queues the text
    await runDueJobs(ctx); // the text: Twilio answers 503
    expect(textsTo('+14165550101')).toHaveLength(0);
    // The queue retries after its backoff.
    clock.advance(60_000);
    await runDueJobs(ctx);
    const texts = textsTo('+14165550101');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(texts[0]!.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(texts[0]!.form).toMatchObject({ From: '+16475550000' });
    expect(texts[0]!.form.Body).toMatch(
      /^Trillium: Haircut with Queen West Salon tomorrow, .* ET\. .* Reply STOP to stop these texts\.$/,
    );
    await runDueJobs(ctx);
    expect(textsTo('+14165550101')).toHaveLength(1);
  });

  it("are written in the customer's language, linking the French pages", async () => {
    clock.set('2026-11-23T12:00:00Z');
    const client = await customer(ctx, '416-555-0109');
    expect((await client.put('/api/user/language', { language: 'fr' })).status).toBe(200);
    await book(client, at(15, '2026-11-25'));
    clock.set(new Date(Date.parse(at(15, '2026-11-25')) - 24 * HOUR));
    await runDueJobs(ctx);
    await runDueJobs(ctx);
    const texts = textsTo('+14165550109');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.form.Body).toMatch(
      /^Trillium : Haircut avec Queen West Salon demain, .* HE\. Détails ou changements : .*\/fr\/bookings Répondez STOP pour ne plus recevoir ces textos\.$/,
    );
    expect(texts[0]!.form.Body).not.toMatch(/\b(with|tomorrow|Reply)\b/);
    // The time's non-breaking spaces (dates.ts) are plain ones in a text: it stays in the GSM alphabet.
    expect(texts[0]!.form.Body).not.toMatch(/[\u00a0\u202f]/);
  });

  it('a STOP reply (signed by Twilio) turns SMS off for that number; e-mail reminders go on', async () => {
    clock.set('2026-11-23T12:00:00Z');
    const client = await customer(ctx, '416-555-0102');
    await book(client, at(11, '2026-11-26'));
    const form = { From: '+14165550102', Body: ' stop ', To: '+16475550000' };
    const url = `${PUBLIC_URL}/api/sms/webhook`;
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/sms/webhook',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'forged' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(forged.statusCode).toBe(403);
    const stop = await ctx.app.inject({
      method: 'POST',
      url: '/api/sms/webhook',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TOKEN, url, form),
      },
      payload: new URLSearchParams(form).toString(),
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.body).toContain('<Response>');
    expect((await client.get('/api/user/preferences')).body).toMatchObject({ sms: false, email: true });
    clock.set(new Date(Date.parse(at(11, '2026-11-26')) - 24 * HOUR));
    await runDueJobs(ctx);
    await runDueJobs(ctx);
    expect(textsTo('+14165550102')).toHaveLength(0);
    const mails = await ctx.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, client.email), eq(emailOutbox.kind, 'booking_reminder')));
    expect(mails).toHaveLength(1);
  });

  it('without Twilio settings texts are logged, not sent, and the webhook is not there', async () => {
    clock.set('2026-11-23T12:00:00Z');
    const client = await customer(quiet, '416-555-0103');
    await book(client, at(12, '2026-11-26'));
    clock.set(new Date(Date.parse(at(12, '2026-11-26')) - 24 * HOUR));
    await runDueJobs(quiet);
    await runDueJobs(quiet);
    const states = await quiet.database.db
      .select({ state: jobs.state })
      .from(jobs)
      .where(eq(jobs.kind, 'sms.send'));
    expect(states).toEqual([{ state: 'skipped' }]);
    expect(textsTo('+14165550103')).toHaveLength(0);
    const hook = await quiet.app.inject({ method: 'POST', url: '/api/sms/webhook', payload: {} });
    expect(hook.statusCode).toBe(404);
  });
});
