import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { notifications, providers, savedServices, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory } from '../../src/server/db/seed/factories';
import { insertNotifications } from '../../src/server/modules/notifications/notifications.repository';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { emailsTo, filesOf, lastEmailTo } from '../support/outbox';
import { insertPartnerListing } from '../support/partners';
import { AT_HOME } from '../support/service-address';

// Notifications, saved providers, announcements and calendar feeds (docs/product.md §2, §3, §10, §15)
// attacked by a hostile user and an unlucky operator (2026-11-27): the four tests of the first group
// failed before their fixes; the second group's probes held then and guard it now.

// Monday 23 November 2026, 7:00 AM in Toronto (EST, UTC-5).
const START = '2026-11-23T12:00:00Z';
const clock = fixedClock(START);
const PUBLIC_URL = 'https://trillium.example';
let ctx: TestContext;
let people = 0;
const SHOPS = 8;
const shops: { id: number; ownerId: number; ownerEmail: string }[] = [];
let cleaner: { id: number; ownerId: number; ownerEmail: string };

/** `hour` o'clock in Toronto (EST) on a date in late November / early December 2026. */
const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

const db = () => ctx.database.db;

async function customer(): Promise<Customer> {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `nsa${n}@example.com`,
    fullName: `Nora Saved${n}`,
    ip: `10.77.${Math.floor(n / 200)}.${n % 200}`,
  });
}

async function signedIn(email: string, password = DEMO_PASSWORD): Promise<Client> {
  const n = ++people;
  const client = createClient(ctx, { ip: `10.78.${Math.floor(n / 200)}.${n % 200}` });
  const res = await client.post('/api/login', { email, password, remember: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

const anyone = () => createClient(ctx, { ip: `10.79.0.${(++people % 200) + 1}` });

/** The path of the account's private feed (made on first request). */
async function feedPath(client: Client) {
  const link = await client.get('/api/user/calendar-feed');
  expect(link.status).toBe(200);
  return new URL(link.body.url).pathname;
}

async function userId(email: string) {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

const savedRows = (id: number) => db().select().from(savedServices).where(eq(savedServices.userId, id));

function expectClientError(res: { status: number; body: unknown }, label = '') {
  expect(res.status, `${label} ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label} ${JSON.stringify(res.body)}`).toBeLessThan(500);
  expect(res.body, label).toEqual({ code: expect.any(String), message: expect.any(String) });
}

type Parsed = { uid: string; summary: string; location: string | null; start: string };
function parse(ics: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({
    uid: String(vevent.getFirstPropertyValue('uid')),
    summary: String(vevent.getFirstPropertyValue('summary')),
    location: (vevent.getFirstPropertyValue('location') as string | null) ?? null,
    start: new ICAL.Event(vevent).startDate.toJSDate().toISOString(),
  }));
}

beforeAll(async () => {
  clock.set(START);
  ctx = await createTestApp({
    clock,
    env: { PUBLIC_URL },
    seed: async (database) => {
      const salon = await insertCategory(database.db, { name: 'Salon Services', slug: 'salon-services' });
      const cleaning = await insertCategory(database.db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      for (let i = 0; i < SHOPS; i++) {
        shops.push(
          await insertPartnerListing(database.db, {
            ownerEmail: `nsa.owner${i}@example.com`,
            ownerName: `Olive Owner${i}`,
            name: `Saved Salon ${i}`,
            categoryId: salon,
            streetAddress: `${300 + i} King St W`,
            services: [{ name: 'Haircut', priceCents: 10_000 }],
          }),
        );
      }
      cleaner = await insertPartnerListing(database.db, {
        ownerEmail: 'nsa.cleaner@example.com',
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
});

describe('found by the review, fixed', () => {
  it('two requests for a new feed link at once answer one link, and it works (§10)', async () => {
    // Two tabs opening Settings at once: one shows (and the person subscribes to) a link already overwritten, a 404 for ever.
    clock.set(START);
    const client = await customer();
    const [first, second] = await Promise.all([
      client.get('/api/user/calendar-feed'),
      client.get('/api/user/calendar-feed'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    for (const link of [first.body.url, second.body.url]) {
      const feed = await anyone().get(new URL(link).pathname);
      expect(feed.status, link).toBe(200);
    }
    expect(second.body.url).toBe(first.body.url);
  });

  it("a lone carriage return in a customer's name or a partner's service name does not reach calendar files raw (RFC 5545 §3.1, §3.3.11)", async () => {
    // A customer's name (or a partner's service name) with bare CRs forges lines in a calendar that ends lines at a CR.
    clock.set(START);
    const client = await customer();
    const name = 'Eve\rEND:VEVENT\rBEGIN:VEVENT\rUID:forged@evil.example\rSUMMARY:Booking cancelled';
    const id = (
      await bookAndPay(client, {
        providerId: shops[0]!.id,
        serviceDate: at(10, '2026-11-25'),
        customerName: name,
      })
    ).bookingId;
    const partner = await signedIn(shops[0]!.ownerEmail);
    const feed = await anyone().get(await feedPath(partner));
    expect(feed.status).toBe(200);
    expect(parse(feed.raw.body).map((e) => e.uid)).toContain(`booking-${id}@trillium.ca`);
    // Every CR is the first half of a CRLF line end: TEXT may hold no control character (§3.3.11).
    expect(feed.raw.body).not.toMatch(/\r(?!\n)/);
    // Read as a lenient parser does (any of CR, LF, CRLF ends a line): no forged line appears.
    expect(feed.raw.body.split(/\r\n|\r|\n/)).not.toContain('UID:forged@evil.example');

    // The other way: a partner's service name reaches each customer's e-mailed invitation (METHOD:REQUEST).
    const rogue = await signedIn(shops[5]!.ownerEmail);
    const renamed = await rogue.put('/api/partner/services', {
      services: [{ name: 'Haircut\rSTATUS:CANCELLED\rDTSTART:20261124T050000Z', price: 100 }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const victim = await customer();
    await bookAndPay(victim, { providerId: shops[5]!.id, serviceDate: at(13, '2026-11-25') });
    const invitations = (await emailsTo(db(), victim.email))
      .filter((m) => m.kind === 'booking_confirmation')
      .flatMap((m) => filesOf(m));
    expect(invitations).toHaveLength(1);
    expect(String(invitations[0]!.content)).not.toMatch(/\r(?!\n)/);
  });

  it('calendar lines are folded at 75 octets, not 75 characters, for French names and addresses (RFC 5545 §3.1)', async () => {
    // Each accented letter in a line's first 75 characters makes it an octet longer than the RFC allows.
    clock.set(START);
    const client = await customer();
    const street = "1200 rue de l'Église-Sainte-Anne-de-Bellevue, côté Hôtel-Dieu, près de l'Île";
    const id = (
      await bookAndPay(client, {
        providerId: cleaner.id,
        serviceDate: at(9, '2026-11-26'),
        customerName: 'Éléonore Bélanger-Côté',
        extra: { ...AT_HOME, serviceAddress: { ...AT_HOME.serviceAddress, street } },
      })
    ).bookingId;
    const file = await client.get(`/api/bookings/${id}/calendar`);
    expect(file.status).toBe(200);
    const [event] = parse(file.raw.body);
    expect(event!.location).toContain(street);
    const tooLong = file.raw.body
      .split('\r\n')
      .filter((line) => Buffer.byteLength(line, 'utf8') > 75)
      .map((line) => `${Buffer.byteLength(line, 'utf8')} octets: ${line}`);
    expect(tooLong).toEqual([]);
  });

  it('an unread notification is not dropped from the list once 200 newer ones arrived (§10: unread counts)', async () => {
    // A busy partner's unread notice vanishes from the bell and the count, and can never be read or dismissed.
    clock.set(START);
    const client = await customer();
    const id = await userId(client.email);
    const base = Date.parse(START) - 30 * 86_400_000;
    await insertNotifications(db(), [
      {
        userId: id,
        type: 'booking',
        title: 'Dispute opened',
        message: 'A customer reported a no-show. Please answer.',
        linkUrl: '/partner-dashboard',
        now: new Date(base),
      },
    ]);
    await insertNotifications(
      db(),
      Array.from({ length: 200 }, (_, i) => ({
        userId: id,
        type: 'payment' as const,
        title: `Payment received ${i + 1}`,
        message: 'A booking was paid.',
        now: new Date(base + (i + 1) * 60_000),
      })),
    );
    await db()
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, id), eq(notifications.type, 'payment')));
    const list = await client.get('/api/notifications');
    expect(list.status).toBe(200);
    const unread = (list.body as { title: string; isRead: boolean }[]).filter((n) => !n.isRead);
    expect(unread.map((n) => n.title)).toEqual(['Dispute opened']);
  });
});

describe('checked: held before, kept', () => {
  it("someone else's saved list: a 404 to forget, and the owner's list stays as it was", async () => {
    clock.set(START);
    const owner = await customer();
    const thief = await customer();
    expect((await owner.post('/api/saved-services', { providerId: shops[1]!.id })).status).toBe(201);
    const stolen = await thief.delete(`/api/saved-services/${shops[1]!.id}`);
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('saved.not_found');
    expect((await thief.get('/api/saved-services')).body).toEqual([]);
    expect((await owner.get('/api/saved-services')).body.map((p: { id: number }) => p.id)).toEqual([
      shops[1]!.id,
    ]);
    // A user id or a body naming another user changes nothing: the list is the session's.
    const ownerId = await userId(owner.email);
    expect(
      (await thief.post('/api/saved-services', { providerId: shops[2]!.id, userId: ownerId })).status,
    ).toBe(201);
    expect(await savedRows(ownerId)).toHaveLength(1);
    expect((await anyone().post('/api/saved-services', { providerId: shops[1]!.id })).status).toBe(401);
    expect((await anyone().delete(`/api/saved-services/${shops[1]!.id}`)).status).toBe(401);
  });

  it('malformed provider ids and bodies are a 400 { code, message } and write nothing', async () => {
    clock.set(START);
    const client = await customer();
    const id = await userId(client.email);
    const bodies: unknown[] = [
      { providerId: '0x1' },
      { providerId: '1e3' },
      { providerId: -1 },
      { providerId: 0 },
      { providerId: 1.5 },
      { providerId: 2 ** 53 },
      { providerId: [shops[1]!.id] },
      { providerId: { id: shops[1]!.id } },
      { providerId: null },
      { providerId: true },
      { providerId: '١' },
      {},
      [shops[1]!.id],
    ];
    for (const body of bodies)
      expectClientError(await client.post('/api/saved-services', body), JSON.stringify(body));
    const huge = await client.post('/api/saved-services', {
      providerId: shops[1]!.id,
      pad: 'x'.repeat(2_000_000),
    });
    expect(huge.status).toBe(413);
    expectClientError(huge);
    expectClientError(
      await client.request({
        method: 'POST',
        url: '/api/saved-services',
        body: '{"providerId": 1',
        headers: { 'content-type': 'application/json' },
      }),
      'truncated JSON',
    );
    for (const raw of [
      '0x1',
      '1e3',
      '-1',
      '0',
      '1.5',
      '99999999999',
      'abc',
      '%E2%91%A0',
      '%20',
      '1%00',
      '1,2',
    ]) {
      expectClientError(await client.delete(`/api/saved-services/${raw}`), raw);
    }
    expect(await savedRows(id)).toEqual([]);
  });

  it('notification bodies of the wrong shape are a 400; pagination parameters are ignored, the list bounded', async () => {
    clock.set(START);
    const client = await customer();
    const id = await userId(client.email);
    await insertNotifications(db(), [
      { userId: id, type: 'system', title: 'Welcome', message: 'Welcome to Trillium.', now: clock.now() },
    ]);
    const [note] = (await client.get('/api/notifications')).body as { id: number; isRead: boolean }[];
    for (const body of [{ isRead: 'true' }, { isRead: 1 }, { isRead: null }, {}, null, [true], 'true']) {
      expectClientError(await client.patch(`/api/notifications/${note!.id}`, body), JSON.stringify(body));
    }
    const [row] = await db().select().from(notifications).where(eq(notifications.id, note!.id));
    expect(row!.isRead).toBe(false);
    for (const query of ['page=1000000000&limit=1000000', 'limit=-1', 'offset=1e309', 'userId=1']) {
      const res = await client.get(`/api/notifications?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body.map((n: { id: number }) => n.id)).toEqual([note!.id]);
    }
  });

  it('saving the same provider five times at once saves it once; forgetting it three times at once forgets it once', async () => {
    clock.set(START);
    const client = await customer();
    const id = await userId(client.email);
    const saves = await Promise.all(
      Array.from({ length: 5 }, () => client.post('/api/saved-services', { providerId: shops[2]!.id })),
    );
    expect(saves.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await savedRows(id)).toHaveLength(1);
    const forgets = await Promise.all(
      Array.from({ length: 3 }, () => client.delete(`/api/saved-services/${shops[2]!.id}`)),
    );
    expect(forgets.map((r) => r.status).sort()).toEqual([204, 404, 404]);
    for (const res of forgets.filter((r) => r.status === 404)) expect(res.body.code).toBe('saved.not_found');
    expect(await savedRows(id)).toEqual([]);
  });

  it('a saved provider that is unpublished leaves the list, cannot be saved again, and can still be forgotten', async () => {
    clock.set(START);
    const client = await customer();
    const id = await userId(client.email);
    const target = shops[6]!.id;
    expect((await client.post('/api/saved-services', { providerId: target })).status).toBe(201);
    expect((await client.post('/api/saved-services', { providerId: shops[1]!.id })).status).toBe(201);
    await db().update(providers).set({ isActive: false }).where(eq(providers.id, target));
    try {
      const list = await client.get('/api/saved-services');
      expect(list.status).toBe(200);
      expect(list.body.map((p: { id: number }) => p.id)).toEqual([shops[1]!.id]);
      expect((await client.post('/api/saved-services', { providerId: target })).status).toBe(404);
      expect((await client.delete(`/api/saved-services/${target}`)).status).toBe(204);
      expect((await savedRows(id)).map((r) => r.providerId)).toEqual([shops[1]!.id]);
    } finally {
      await db().update(providers).set({ isActive: true }).where(eq(providers.id, target));
    }
  });

  it("a partner who deletes their account: their feed link is dead, their listing leaves customers' saved lists, customers are told", async () => {
    clock.set(START);
    const shop = shops[3]!;
    const client = await customer();
    const bookingId = (await bookAndPay(client, { providerId: shop.id, serviceDate: at(11, '2026-11-27') }))
      .bookingId;
    expect((await client.post('/api/saved-services', { providerId: shop.id })).status).toBe(201);
    const partner = await signedIn(shop.ownerEmail);
    const path = await feedPath(partner);
    expect((await anyone().get(path)).status).toBe(200);
    const gone = await partner.request({
      method: 'DELETE',
      url: '/api/user',
      body: { currentPassword: DEMO_PASSWORD },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBeLessThan(300);
    const after = await anyone().get(path);
    expect(after.status).toBe(404);
    expect(after.body.code).toBe('calendar.not_found');
    expect(await db().select().from(notifications).where(eq(notifications.userId, shop.ownerId))).toEqual([]);
    const saved = await client.get('/api/saved-services');
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual([]);
    const notes = (await client.get('/api/notifications')).body as {
      title: string;
      linkUrl: string | null;
    }[];
    expect(notes.length).toBeGreaterThan(1);
    // The customer's own feed keeps the booking, as cancelled, so their calendar removes it.
    const mine = await anyone().get(await feedPath(client));
    expect(mine.status).toBe(200);
    expect(mine.raw.body).toContain(`UID:booking-${bookingId}@trillium.ca`);
    expect(mine.raw.body).toContain('STATUS:CANCELLED');
  });

  it('a customer who deletes their account: the partner\'s feed keeps the booking as "Deleted user", without their address', async () => {
    clock.set(START);
    const client = await customer();
    const id = await userId(client.email);
    const bookingId = (
      await bookAndPay(client, {
        providerId: cleaner.id,
        serviceDate: at(14, '2026-11-26'),
        customerName: 'Hana Home',
        extra: AT_HOME,
      })
    ).bookingId;
    const partner = await signedIn(cleaner.ownerEmail);
    const path = await feedPath(partner);
    const before = parse((await anyone().get(path)).raw.body).find(
      (e) => e.uid === `booking-${bookingId}@trillium.ca`,
    );
    expect(before).toMatchObject({ summary: 'Deep Clean: Hana Home' });
    expect(before!.location).toContain('120 Queen St W');
    const gone = await client.request({
      method: 'DELETE',
      url: '/api/user',
      body: { currentPassword: DEMO_PASSWORD },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBeLessThan(300);
    const feed = await anyone().get(path);
    expect(feed.status).toBe(200);
    expect(feed.raw.body).not.toContain('Hana Home');
    expect(feed.raw.body).not.toContain('120 Queen St W');
    const after = parse(feed.raw.body).find((e) => e.uid === `booking-${bookingId}@trillium.ca`);
    expect(after?.summary).toBe('Deep Clean: Deleted user');
    expect(await db().select().from(notifications).where(eq(notifications.userId, id))).toEqual([]);
    expect(await savedRows(id)).toEqual([]);
  });

  it('feed links: a password reset ends one; made-up, mis-cased and suffix-less tokens are the same 404', async () => {
    clock.set(START);
    const client = await customer();
    const path = await feedPath(client);
    const token = path
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    expect((await anyone().get(path)).status).toBe(200);
    for (const wrong of [
      `${'A'.repeat(32)}.ics`,
      `${token}.ICS`,
      token,
      `${token}.ics.ics`,
      `${token.slice(0, -1)}.ics`,
      `${token}%0A.ics`,
      `${token.toUpperCase()}.ics`,
    ]) {
      const res = await anyone().get(`/api/calendar/${wrong}`);
      expect(res.status, wrong).toBe(404);
      expect(res.body, wrong).toEqual({ code: 'calendar.not_found', message: expect.any(String) });
    }
    const asked = await anyone().post('/api/forgot-password', { email: client.email });
    expect(asked.status).toBe(200);
    await runDueJobs(ctx);
    const mail = await lastEmailTo(db(), client.email);
    expect(mail?.kind).toBe('password_reset');
    const reset = await anyone().post('/api/reset-password', {
      email: client.email,
      token: new URL(mail!.link!).searchParams.get('token'),
      password: 'Fresh-Start#2026',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await anyone().get(path)).status).toBe(404);
    const again = await signedIn(client.email, 'Fresh-Start#2026');
    const fresh = await feedPath(again);
    expect(fresh).not.toBe(path);
    expect((await anyone().get(fresh)).status).toBe(200);
  });

  it('another site cannot mark, dismiss, save, forget or reset a feed for a signed-in person (§3)', async () => {
    clock.set(START);
    const client = await customer();
    const id = await userId(client.email);
    await insertNotifications(db(), [
      { userId: id, type: 'system', title: 'Hello', message: 'Hello there.', now: clock.now() },
    ]);
    expect((await client.post('/api/saved-services', { providerId: shops[4]!.id })).status).toBe(201);
    const path = await feedPath(client);
    const [note] = (await client.get('/api/notifications')).body as { id: number }[];
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    for (const [method, url, body] of [
      ['PATCH', `/api/notifications/${note!.id}`, { isRead: true }],
      ['DELETE', `/api/notifications/${note!.id}`, undefined],
      ['POST', '/api/notifications/read-all', undefined],
      ['POST', '/api/saved-services', { providerId: shops[5]!.id }],
      ['DELETE', `/api/saved-services/${shops[4]!.id}`, undefined],
      ['POST', '/api/user/calendar-feed/reset', {}],
    ] as const) {
      const res = await client.request({ method, url, body, headers: evil });
      expect(res.status, `${method} ${url}`).toBe(403);
      expectClientError(res, url);
    }
    expect((await client.get('/api/notifications')).body).toEqual([
      expect.objectContaining({ id: note!.id, isRead: false }),
    ]);
    expect((await savedRows(id)).map((r) => r.providerId)).toEqual([shops[4]!.id]);
    expect((await anyone().get(path)).status).toBe(200);
  });

  it('announcements: a scheduled one appears at its time on the injected clock, a taken-down one goes, links stay ours or https', async () => {
    clock.set(START);
    const admin = await signedInCustomer(ctx, {
      email: 'nsa.admin@example.com',
      fullName: 'Ada Admin',
      ip: '10.79.1.1',
      role: 'admin',
    });
    const titles = async () =>
      ((await anyone().get('/api/announcements')).body as { title: string }[]).map((a) => a.title);
    const later = await admin.post('/api/admin/announcements', {
      title: 'Holiday hours',
      content: '<script>alert(1)</script> Closed on 25 December, back on the 26th.',
      type: 'info',
      publishedAt: '2026-11-24T12:00:00Z',
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(await titles()).not.toContain('Holiday hours');
    clock.set('2026-11-24T12:00:00Z');
    const shown = (await anyone().get('/api/announcements')).body.find(
      (a: { title: string }) => a.title === 'Holiday hours',
    );
    expect(shown?.content).toBe('<script>alert(1)</script> Closed on 25 December, back on the 26th.');
    const down = await admin.patch(`/api/admin/announcements/${later.body.id}`, { isActive: false });
    expect(down.status).toBe(200);
    expect(await titles()).not.toContain('Holiday hours');
    for (const readMoreUrl of [
      'javascript:alert(1)',
      '//evil.example/x',
      '/\\evil.example',
      'http://evil.example',
      'data:text/html,<b>x</b>',
    ]) {
      const res = await admin.post('/api/admin/announcements', {
        title: 'Read more',
        content: 'A link to somewhere else entirely.',
        type: 'update',
        readMoreUrl,
      });
      expect(res.status, readMoreUrl).toBe(400);
      expectClientError(res, readMoreUrl);
    }
    clock.set(START);
  });

  it('the feed says Toronto wall times as UTC instants on both sides of the March change', async () => {
    // Friday 12 March 2027, 9:00 AM in Toronto (EST); clocks go forward on Sunday 14 March.
    clock.set('2027-03-12T14:00:00Z');
    try {
      const client = await customer();
      const before = (
        await bookAndPay(client, { providerId: shops[7]!.id, serviceDate: '2027-03-13T15:00:00.000Z' })
      ).bookingId;
      const after = (
        await bookAndPay(client, { providerId: shops[7]!.id, serviceDate: '2027-03-15T14:00:00.000Z' })
      ).bookingId;
      const events = parse((await anyone().get(await feedPath(client))).raw.body);
      // 10:00 AM on Saturday (EST, UTC-5) and 10:00 AM on Monday (EDT, UTC-4).
      expect(events.map((e) => [e.uid, e.start])).toEqual([
        [`booking-${before}@trillium.ca`, '2027-03-13T15:00:00.000Z'],
        [`booking-${after}@trillium.ca`, '2027-03-15T14:00:00.000Z'],
      ]);
    } finally {
      clock.set(START);
    }
  });
});
