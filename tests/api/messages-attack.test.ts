import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { emailOutbox, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory } from '../../src/server/db/seed/factories';
import { isDrawnAttachment } from '../../src/server/modules/email/email.transport';
import { twilioSignature } from '../../src/server/modules/sms/sms.twilio';
import { bookAndPay, type Customer, holdWithCard, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { insertPartnerListing } from '../support/partners';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { startFakeTwilio } from '../support/twilio-fake';
import { AT_HOME } from '../support/service-address';

// A hostile customer, partner and an unlucky operator against what a booking sends and exposes after
// payment: reminders (e-mail and SMS), the outbox, notifications, calendar files and feeds, receipts
// (docs/product.md §2, §7, §10, §13, §15). Tests of bugs fail against the code as reviewed;
// "checked: …" held.

// Monday 23 November 2026, 7:00 AM in Toronto (EST, UTC-5).
const START = '2026-11-23T12:00:00Z';
const clock = fixedClock(START);
const HOUR = 3_600_000;
const SID = `AC${'2'.repeat(32)}`;
const TOKEN = 'twilio-messages-attack-token';
const PUBLIC_URL = 'https://trillium.example';
let ctx: TestContext;
let people = 0;

/** One salon per test group, each with its own partner account; and a cleaner who works at people's homes. */
const SHOPS = 8;
const shops: { id: number; ownerEmail: string }[] = [];
let cleaner: { id: number; ownerEmail: string };

/** `hour` o'clock in Toronto (EST) on a date in late November / early December 2026. */
const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
const textsTo = (to: string) => twilio.received.filter((m) => m.form.To === to);

async function customer(phone?: string): Promise<Customer> {
  const n = ++people;
  const email = `msg.attack${n}@example.com`;
  const client = await signedInCustomer(ctx, {
    email,
    fullName: `Mona Message${n}`,
    ip: `10.91.${Math.floor(n / 200)}.${n % 200}`,
  });
  if (phone) await ctx.database.db.update(users).set({ phone }).where(eq(users.email, email));
  return client;
}

async function signedIn(email: string, password = DEMO_PASSWORD): Promise<Client> {
  const n = ++people;
  const client = createClient(ctx, { ip: `10.92.${Math.floor(n / 200)}.${n % 200}` });
  const res = await client.post('/api/login', { email, password, remember: true });
  expect(res.status).toBe(200);
  return client;
}

const book = async (
  client: Customer,
  providerId: number,
  serviceDate: string,
  customerName = 'Mona Message',
) => (await bookAndPay(client, { providerId, serviceDate, customerName })).bookingId;

/** The path of the account's private feed. */
async function feedPath(client: Client) {
  const link = await client.get('/api/user/calendar-feed');
  expect(link.status).toBe(200);
  return new URL(link.body.url).pathname;
}

type Parsed = {
  uid: string;
  status: string | null;
  summary: string;
  location: string | null;
  attendees: string[];
};
function parse(ics: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({
    uid: String(vevent.getFirstPropertyValue('uid')),
    status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
    summary: String(vevent.getFirstPropertyValue('summary')),
    location: (vevent.getFirstPropertyValue('location') as string | null) ?? null,
    attendees: vevent.getAllProperties('attendee').map((a) => String(a.getFirstValue()).toLowerCase()),
  }));
}

async function mails(to: string, kind: string) {
  return ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
}

/** Twilio's STOP reply for a number, signed as Twilio signs it. */
async function stopReply(from: string) {
  const form = { From: from, Body: 'STOP', To: '+16475550000' };
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sms/webhook',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC_URL}/api/sms/webhook`, form),
    },
    payload: new URLSearchParams(form).toString(),
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  clock.set(START);
  twilio = await startFakeTwilio();
  ctx = await createTestApp({
    clock,
    env: {
      LOG_LEVEL: 'silent',
      PUBLIC_URL,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: '+16475550000',
      TWILIO_API_BASE: twilio.url,
    },
    seed: async ({ db }) => {
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      const cleaning = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      for (let i = 0; i < SHOPS; i++) {
        shops.push(
          await insertPartnerListing(db, {
            ownerEmail: `msg.owner${i}@example.com`,
            ownerName: `Pat Owner${i}`,
            name: `Message Salon ${i}`,
            categoryId: salon,
            streetAddress: `${200 + i} Queen St W`,
            services: [{ name: 'Haircut', priceCents: 10_000 }],
          }),
        );
      }
      cleaner = await insertPartnerListing(db, {
        ownerEmail: 'msg.cleaner@example.com',
        ownerName: 'Cleo Cleaner',
        name: 'Sparkle Home Cleaning',
        categoryId: cleaning,
        services: [{ name: 'Deep Clean', priceCents: 15_000, deliveredAt: 'customer' }],
      });
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await twilio?.close();
});

describe('calendar feed links', () => {
  it('stop working when the password changes: whoever knew the old one takes nothing with it (§2)', async () => {
    clock.set(START);
    const victim = await customer();
    const id = await book(victim, shops[0]!.id, at(10, '2026-11-25'));
    // Someone who knew the password signs in and copies the feed link.
    const intruder = await signedIn(victim.email);
    const path = await feedPath(intruder);
    const before = await createClient(ctx).get(path);
    expect(before.status).toBe(200);
    expect(parse(before.raw.body).map((e) => e.uid)).toEqual([`booking-${id}@trillium.ca`]);

    const changed = await victim.put('/api/user/change-password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Fresh-Start#2026',
      confirmPassword: 'Fresh-Start#2026',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The intruder's session is over...
    expect((await intruder.get('/api/user/calendar-feed')).status).toBe(401);
    // ...and so must be the link they took: it still lists the victim's bookings.
    const after = await createClient(ctx).get(path);
    expect(after.status).toBe(404);
  });

  it("a partner's feed shows no service address of a hold cancelled before it was paid (§7: only the city)", async () => {
    clock.set(START);
    const client = await customer();
    const { hold } = await holdWithCard(client, {
      providerId: cleaner.id,
      serviceDate: at(13, '2026-11-26'),
      customerName: 'Hana Holder',
      extra: AT_HOME,
    });
    const partner = await signedIn(cleaner.ownerEmail);
    const cancel = await partner.patch(`/api/partner/bookings/${hold.bookingId}`, {
      action: 'cancel',
      reason: 'Fully booked that day',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const list = await partner.get('/api/partner/bookings');
    expect(list.status).toBe(200);
    const view = (list.body.bookings ?? list.body).find((b: { id: number }) => b.id === hold.bookingId);
    // The dashboard hides it, as §7 says...
    expect(view).toMatchObject({ status: 'cancelled', serviceAddress: null });
    expect(JSON.stringify(view)).not.toContain('120 Queen St W');
    // ...the feed must too.
    const feed = await createClient(ctx).get(await feedPath(partner));
    expect(feed.status).toBe(200);
    expect(feed.raw.body).not.toContain('120 Queen St W');
  });
});

describe('calendar invitations in e-mails', () => {
  it('a customer name with a double quote cannot rewrite the ATTENDEE of the confirmation .ics (RFC 5545 §3.2)', async () => {
    clock.set(START);
    const client = await customer();
    const id = await book(client, shops[1]!.id, at(11, '2026-11-25'), 'Eve":mailto:evil@example.net;X="');
    const [confirmation] = await mails(client.email, 'booking_confirmation');
    expect(confirmation).toBeDefined();
    const ics = confirmation!.attachments.flatMap((a) => (isDrawnAttachment(a) ? [] : [a]));
    expect(ics).toHaveLength(1);
    const [event] = parse(String(ics[0]!.content));
    expect(event!.uid).toBe(`booking-${id}@trillium.ca`);
    // The customer (who booked) is the only attendee, at their own address (§10, RFC 5546).
    expect(event!.attendees).toEqual([`mailto:${client.email}`]);
  });
});

describe('SMS reminders', () => {
  it('a text that fell due while the server was away is dropped once too late, not sent late (§10)', async () => {
    clock.set(START);
    const client = await customer('416-555-0131');
    const serviceDate = at(10, '2026-11-27');
    await book(client, shops[2]!.id, serviceDate);
    // 24 hours before: the reminder runs and queues its text; Twilio is away for that one attempt.
    twilio.failNext(1);
    clock.set(new Date(Date.parse(serviceDate) - 24 * HOUR));
    await runDueJobs(ctx);
    await runDueJobs(ctx);
    expect(textsTo('+14165550131')).toHaveLength(0);
    // The server is then down until an hour before the appointment.
    clock.set(new Date(Date.parse(serviceDate) - HOUR));
    await runDueJobs(ctx);
    await runDueJobs(ctx);
    const sent = textsTo('+14165550131').map((t) => t.form.Body);
    // Only the 2-hour reminder could be right now (and it too is past half its lead); never "tomorrow".
    expect(sent.filter((body) => /tomorrow/.test(body ?? ''))).toEqual([]);
  });

  it('a text queued before the customer cancelled is not sent after the cancellation (§10: none after a cancellation)', async () => {
    clock.set(START);
    const client = await customer('416-555-0132');
    const serviceDate = at(11, '2026-11-27');
    const id = await book(client, shops[3]!.id, serviceDate);
    twilio.failNext(1);
    clock.set(new Date(Date.parse(serviceDate) - 24 * HOUR));
    await runDueJobs(ctx);
    await runDueJobs(ctx);
    expect(textsTo('+14165550132')).toHaveLength(0);
    const cancel = await client.post(`/api/bookings/${id}/cancel`, { reason: 'Plans changed' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.status ?? cancel.body.booking?.status).toBe('cancelled');
    // Twilio is back: the queue retries.
    for (let i = 0; i < 4; i++) {
      clock.advance(5 * 60_000);
      await runDueJobs(ctx);
    }
    expect(textsTo('+14165550132').map((t) => t.form.Body)).toEqual([]);
  });

  it('a text queued before a STOP reply is not sent after it (§10: STOP turns texts off)', async () => {
    clock.set(START);
    const client = await customer('416-555-0133');
    const serviceDate = at(12, '2026-11-27');
    await book(client, shops[4]!.id, serviceDate);
    twilio.failNext(1);
    clock.set(new Date(Date.parse(serviceDate) - 24 * HOUR));
    await runDueJobs(ctx);
    await runDueJobs(ctx);
    expect(textsTo('+14165550133')).toHaveLength(0);
    await stopReply('+14165550133');
    const prefs = await client.get('/api/user/preferences');
    expect(prefs.status).toBe(200);
    expect(prefs.body.sms).toBe(false);
    for (let i = 0; i < 4; i++) {
      clock.advance(5 * 60_000);
      await runDueJobs(ctx);
    }
    expect(textsTo('+14165550133').map((t) => t.form.Body)).toEqual([]);
  });
});

describe('checked: malformed ids are a 4xx { code, message }, never a 500', () => {
  it('on notifications, receipts, credit notes and calendar files', async () => {
    clock.set(START);
    const client = await customer();
    const bad = ['-1', '0', '1e309', '1;%20drop%20table%20bookings', 'abc', '99999999999', '1.5'];
    for (const id of bad) {
      for (const res of [
        await client.patch(`/api/notifications/${id}`, { isRead: true }),
        await client.delete(`/api/notifications/${id}`),
        await client.get(`/api/bookings/${id}/receipt`),
        await client.get(`/api/bookings/${id}/calendar`),
        await client.get(`/api/bookings/1/credit-notes/${id}`),
        await client.get(`/api/bookings/${id}/credit-notes/1`),
      ]) {
        expect(res.status, `${id}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${id}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
    }
    for (const file of ['x.ics', `${'a'.repeat(100)}.ics`, '..%2F..%2Fetc%2Fpasswd', '%00.ics', "a'--.ics"]) {
      const res = await createClient(ctx).get(`/api/calendar/${file}`);
      expect(res.status, file).toBeGreaterThanOrEqual(400);
      expect(res.status, file).toBeLessThan(500);
      expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe("checked: nobody reaches someone else's notifications or documents", () => {
  it("another person's notification is a 404 to read-mark or dismiss, and stays as it was", async () => {
    clock.set(START);
    const owner = await customer();
    await book(owner, shops[5]!.id, at(9, '2026-11-25'));
    const mine = await owner.get('/api/notifications');
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    const target = mine.body[0] as { id: number; isRead: boolean };
    expect(target.isRead).toBe(false);
    const thief = await customer();
    const patched = await thief.patch(`/api/notifications/${target.id}`, { isRead: true });
    expect(patched.status).toBe(404);
    expect(patched.body.code).toBe('notifications.not_found');
    expect((await thief.delete(`/api/notifications/${target.id}`)).status).toBe(404);
    const partner = await signedIn(shops[5]!.ownerEmail);
    expect((await partner.patch(`/api/notifications/${target.id}`, { isRead: true })).status).toBe(404);
    const after = await owner.get('/api/notifications');
    expect(after.body.find((n: { id: number }) => n.id === target.id)).toMatchObject({ isRead: false });
    // Reading twice, read-all twice: no error, the count of unread only falls to zero.
    expect((await owner.patch(`/api/notifications/${target.id}`, { isRead: true })).status).toBe(200);
    expect((await owner.patch(`/api/notifications/${target.id}`, { isRead: true })).status).toBe(200);
    expect((await owner.post('/api/notifications/read-all')).status).toBe(204);
    expect((await owner.post('/api/notifications/read-all')).status).toBe(204);
    const all = await owner.get('/api/notifications');
    expect(all.body.filter((n: { isRead: boolean }) => !n.isRead)).toEqual([]);
    expect((await createClient(ctx).get('/api/notifications')).status).toBe(401);
  });

  it("the listing's partner, another customer and a crossed booking id get 404 for receipts, credit notes and .ics", async () => {
    clock.set(START);
    const owner = await customer();
    const id = await book(owner, shops[6]!.id, at(9, '2026-11-30'));
    const other = await book(owner, shops[6]!.id, at(11, '2026-11-30'));
    const cancel = await owner.post(`/api/bookings/${id}/cancel`, { reason: 'no' });
    expect(cancel.status).toBe(200);
    const view = await owner.get(`/api/bookings/${id}`);
    expect(view.status).toBe(200);
    const note = view.body.documents.creditNotes[0] as { url: string };
    expect(note).toBeDefined();
    expect((await owner.get(note.url)).status).toBe(200);
    const noteId = note.url.split('/').pop();
    // The same note asked for under the customer's other booking.
    expect((await owner.get(`/api/bookings/${other}/credit-notes/${noteId}`)).status).toBe(404);
    const partner = await signedIn(shops[6]!.ownerEmail);
    const stranger = await customer();
    for (const client of [partner, stranger]) {
      for (const url of [`/api/bookings/${id}/receipt`, note.url, `/api/bookings/${id}/calendar`]) {
        const res = await client.get(url);
        expect(res.status, url).toBe(404);
        expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
    }
  });
});

describe('checked: names in feeds and e-mails', () => {
  it("a name with a new line, commas and semicolons stays in the partner feed's SUMMARY; HTML is escaped in e-mails", async () => {
    clock.set(START);
    const client = await customer();
    const name = '<b>Eve</b> Jr.,; \nSTATUS:CANCELLED';
    const id = await book(client, shops[7]!.id, at(15, '2026-11-25'), name);
    const partner = await signedIn(shops[7]!.ownerEmail);
    const feed = await createClient(ctx).get(await feedPath(partner));
    expect(feed.status).toBe(200);
    const event = parse(feed.raw.body).find((e) => e.uid === `booking-${id}@trillium.ca`);
    expect(event).toMatchObject({ status: 'CONFIRMED', summary: `Haircut: ${name}` });
    const [toPartner] = await mails(shops[7]!.ownerEmail, 'partner_booking_confirmed');
    expect(toPartner).toBeDefined();
    expect(toPartner!.htmlBody).not.toContain('<b>Eve');
    expect(toPartner!.htmlBody).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    const [toCustomer] = await mails(client.email, 'booking_confirmation');
    expect(toCustomer!.htmlBody).not.toContain('<b>Eve');
  });

  it('an address with a CR/LF is refused before any e-mail is written', async () => {
    clock.set(START);
    const client = await customer();
    const held = await client.post('/api/create-payment-intent', {
      providerId: shops[7]!.id,
      serviceDate: at(16, '2026-11-25'),
      customerName: 'Mona Message',
      customerEmail: 'victim@example.com\r\nBcc: everyone@example.com',
    });
    expect(held.status).toBe(400);
    expect(held.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('checked: a deleted account', () => {
  it('its feed answers 404 and its cancelled booking sends no reminder', async () => {
    clock.set(START);
    const client = await customer('416-555-0139');
    const serviceDate = at(14, '2026-11-27');
    await book(client, shops[0]!.id, serviceDate);
    const path = await feedPath(client);
    expect((await createClient(ctx).get(path)).status).toBe(200);
    const gone = await client.request({
      method: 'DELETE',
      url: '/api/user',
      body: { currentPassword: DEMO_PASSWORD },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBeLessThan(300);
    expect((await createClient(ctx).get(path)).status).toBe(404);
    for (const lead of [24, 2]) {
      clock.set(new Date(Date.parse(serviceDate) - lead * HOUR));
      await runDueJobs(ctx);
      await runDueJobs(ctx);
    }
    expect(await mails(client.email, 'booking_reminder')).toEqual([]);
    expect(textsTo('+14165550139')).toEqual([]);
  });
});
