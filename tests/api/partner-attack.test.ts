import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { bookings, documents, providerServices } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory } from '../../src/server/db/seed/factories';
import { bookAndPay, type Customer, holdWithCard, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { insertPartnerListing } from '../support/partners';
import { type Client, createClient } from '../support/http';

// A hostile partner (and the customers of their listing) against the dashboard's API: services,
// weekly hours, booking rules, time off, the listing, and what each change does to holds and bookings
// already in flight (docs/product.md §4, §5, §11, §12). Tests of bugs fail against the code as
// reviewed; describes named "checked: …" held.

// Monday 23 November 2026, 7:00 AM in Toronto (EST, UTC-5).
const START = '2026-11-23T12:00:00Z';
const clock = fixedClock(START);
const MIN = 60_000;
let ctx: TestContext;
let people = 0;
let dataDir: string;

const SHOPS = 24;
const shops: { id: number; ownerEmail: string }[] = [];

/** `hour` o'clock in Toronto (EST) on a date in late November / early December 2026. */
const at = (hour: number, date = '2026-11-25', minute = 0) =>
  new Date(
    `${date}T${String(hour + 5).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`,
  ).toISOString();

const customer = (): Promise<Customer> => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `partner.attack${n}@example.com`,
    fullName: `Eve Attack${n}`,
    ip: `10.77.${Math.floor(n / 200)}.${n % 200}`,
  });
};

async function signedIn(email: string): Promise<Client> {
  const n = ++people;
  const client = createClient(ctx, { ip: `10.78.${Math.floor(n / 200)}.${n % 200}` });
  const res = await client.post('/api/login', { email, password: DEMO_PASSWORD, remember: true });
  expect(res.status).toBe(200);
  return client;
}

const owner = (shop: number) => signedIn(shops[shop]!.ownerEmail);

type Listing = {
  price: number;
  services: { id: number; name: string; price: number; durationMinutes: number | null }[];
  schedule: { day: number; opensAt: string; closesAt: string }[];
  minimumNoticeHours: number;
  bufferMinutes: number;
  cancellationPolicy: string;
};

async function listingOf(partner: Client): Promise<Listing> {
  const res = await partner.get('/api/partner/listing');
  expect(res.status).toBe(200);
  return res.body as Listing;
}

/** The services as the dashboard sends them back (id, name, price, duration). */
const asInput = (services: Listing['services']) =>
  services.map((s) => ({
    id: s.id,
    name: s.name,
    price: s.price,
    description: null,
    durationMinutes: s.durationMinutes,
  }));

async function freeStarts(providerId: number, date: string, serviceId?: number) {
  const res = await createClient(ctx).get(
    `/api/providers/${providerId}/availability?days=14${serviceId ? `&serviceId=${serviceId}` : ''}`,
  );
  expect(res.status).toBe(200);
  const day = (res.body.days as { date: string; slots: { start: string; available: boolean }[] }[]).find(
    (d) => d.date === date,
  );
  return (day?.slots ?? []).filter((s) => s.available).map((s) => s.start);
}

const bookingRow = async (id: number) =>
  (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** The processor's word on a payment intent (the sandbox keeps every intent). */
async function intentOf(id: string) {
  return ctx.app.deps.payments.retrieveIntent(id);
}

beforeAll(async () => {
  clock.set(START);
  dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-partner-attack-'));
  ctx = await createTestApp({
    clock,
    env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    seed: async ({ db }) => {
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      for (let i = 0; i < SHOPS; i++) {
        shops.push(
          await insertPartnerListing(db, {
            ownerEmail: `pa.owner${i}@example.com`,
            ownerName: `Pat Owner${i}`,
            name: `Attack Salon ${i}`,
            categoryId: salon,
            streetAddress: `${200 + i} King St W`,
            services: [
              { name: 'Haircut', priceCents: 10_000 },
              { name: 'Colour and Cut', priceCents: 20_000, durationMinutes: 120 },
            ],
          }),
        );
      }
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(client: Client, name: string, content = PDF, kind = 'document'): Promise<string> {
  const data = new FormData();
  data.append('files', new Blob([new Uint8Array(content)]), name);
  const res = await client.post(`/api/documents/upload?kind=${kind}`, data);
  expect(res.status).toBe(201);
  return res.body.filenames[0];
}

const servicesOf = (providerId: number) =>
  ctx.database.db.select().from(providerServices).where(eq(providerServices.providerId, providerId));

// ---------------------------------------------------------------------------------------------------

describe('a service sent twice under one id (§4: the starting price is the cheapest service)', () => {
  it('keeps both services or refuses the save; never a starting price no service has', async () => {
    clock.set(START);
    const partner = await owner(0);
    const before = await listingOf(partner);
    const haircut = before.services.find((s) => s.name === 'Haircut')!;
    const res = await partner.put('/api/partner/services', {
      services: [
        { id: haircut.id, name: 'Haircut', price: 10, description: null, durationMinutes: null },
        { id: haircut.id, name: 'Beard Trim', price: 80, description: null, durationMinutes: null },
      ],
    });
    const after = await listingOf(partner);
    expect({
      // Either a 400 (the save refused, nothing changed) or both services kept.
      outcome: res.status === 400 ? 'refused' : after.services.map((s) => s.name).sort(),
      // The listing's "from" price is one of its services' prices.
      startingPriceIsAService: after.services.some((s) => s.price === after.price),
    }).toEqual({
      outcome: res.status === 400 ? 'refused' : ['Beard Trim', 'Haircut'],
      startingPriceIsAService: true,
    });
    expect(res.status === 400 || after.services.length === 2).toBe(true);
  });
});

/** Pay on a lapsed hold whose time the partner has since withdrawn: 409 before any charge. */
async function expectLatePayRefused(
  client: Customer,
  hold: { bookingId: number; paymentIntentId: string },
  paymentMethodId: string,
) {
  const paid = await client.post('/api/confirm-payment-intent', {
    paymentIntentId: hold.paymentIntentId,
    paymentMethodId,
  });
  const row = await bookingRow(hold.bookingId);
  expect({
    status: paid.status,
    code: paid.body.code,
    booking: row.status,
    charged: (await intentOf(hold.paymentIntentId))?.status,
  }).toEqual({
    status: 409,
    code: 'bookings.hold_time_withdrawn',
    booking: expect.not.stringMatching(/^confirmed$/),
    charged: expect.not.stringMatching(/^succeeded$/),
  });
}

describe('Pay after the hold ran out, onto a day the partner has since taken off (§5: time off accepts nothing)', () => {
  it('answers 409 before any charge, and the booking is not confirmed on the closed day', async () => {
    clock.set(START);
    const partner = await owner(1);
    const client = await customer();
    const { hold, paymentMethodId } = await holdWithCard(client, {
      providerId: shops[1]!.id,
      serviceDate: at(10, '2026-11-27'),
    });
    // The hold lapses; the partner closes that Friday.
    clock.set(new Date(Date.parse(START) + 11 * MIN));
    const off = await partner.post('/api/partner/time-off', {
      startDate: '2026-11-27',
      endDate: '2026-11-27',
      reason: 'Closed',
    });
    expect(off.status).toBe(201);
    expect(await freeStarts(shops[1]!.id, '2026-11-27')).toEqual([]);
    await expectLatePayRefused(client, hold, paymentMethodId);
  });
});

describe('Pay after the hold ran out, after the partner shortened that day (§5: the service must end by closing)', () => {
  it('answers 409 before any charge instead of confirming a booking after closing', async () => {
    clock.set(START);
    const partner = await owner(2);
    const client = await customer();
    const { hold, paymentMethodId } = await holdWithCard(client, {
      providerId: shops[2]!.id,
      serviceDate: at(16, '2026-11-27'),
    });
    clock.set(new Date(Date.parse(START) + 11 * MIN));
    const listing = await listingOf(partner);
    const hours = await partner.put('/api/partner/schedule', {
      schedule: listing.schedule.map((d) => (d.day === 5 ? { ...d, closesAt: '12:00' } : d)),
    });
    expect(hours.status).toBe(200);
    expect(await freeStarts(shops[2]!.id, '2026-11-27')).not.toContain(at(16, '2026-11-27'));
    await expectLatePayRefused(client, hold, paymentMethodId);
  });
});

describe("weekly hours off the hour (§5: starts every hour from the day's opening)", () => {
  it('a day opening at 08:30 offers 8:30, 9:30 … and only those: a hold at 9:00 is off the schedule', async () => {
    clock.set(START);
    const partner = await owner(3);
    const listing = await listingOf(partner);
    const res = await partner.put('/api/partner/schedule', {
      schedule: listing.schedule.map((d) => (d.day === 3 ? { ...d, opensAt: '08:30' } : d)),
    });
    expect(res.status).toBe(200);
    const starts = await freeStarts(shops[3]!.id, '2026-11-25');
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.filter((s) => new Date(s).getUTCMinutes() !== 30)).toEqual([]);
    const client = await customer();
    const hold = (hour: number, minutes: number) =>
      client.post('/api/create-payment-intent', {
        providerId: shops[3]!.id,
        serviceDate: at(hour, '2026-11-25', minutes),
        customerName: 'Eve',
        customerEmail: client.email,
      });
    const onTheHour = await hold(9, 0);
    expect({ status: onTheHour.status, code: onTheHour.body.code }).toEqual({
      status: 400,
      code: 'bookings.slot_off_schedule',
    });
    expect((await hold(9, 30)).status).toBe(200);
  });
});

describe('booking rules sent empty (malformed bodies are 4xx, never silently read as 0)', () => {
  it('null or empty minimum notice and buffer are refused, the rules unchanged', async () => {
    clock.set(START);
    const partner = await owner(4);
    const set = await partner.put('/api/partner/booking-rules', {
      minimumNoticeHours: 24,
      bufferMinutes: 30,
      cancellationPolicy: 'moderate',
    });
    expect(set.status).toBe(200);
    const cleared = await partner.put('/api/partner/booking-rules', {
      minimumNoticeHours: null,
      bufferMinutes: '',
      cancellationPolicy: 'moderate',
    });
    const after = await listingOf(partner);
    expect({
      status: cleared.status,
      notice: after.minimumNoticeHours,
      buffer: after.bufferMinutes,
    }).toEqual({ status: 400, notice: 24, buffer: 30 });
  });
});

describe('a service price sent as true (malformed bodies are 4xx, never read as a number)', () => {
  it('price: true is refused, not read as $1', async () => {
    clock.set(START);
    const partner = await owner(4);
    const listing = await listingOf(partner);
    const res = await partner.put('/api/partner/services', {
      services: [{ ...asInput(listing.services)[0]!, price: true }],
    });
    expect(res.status).toBe(400);
    expect((await listingOf(partner)).services.length).toBe(2);
  });
});

describe('a service deleted while a customer is holding it (§3: never a 500; PostgreSQL)', () => {
  it('the hold answers 4xx {code,message} (unknown service), never a 500, whoever wins', async () => {
    const partner = await owner(5);
    const answers: { status: number; code: string }[] = [];
    for (let i = 0; i < 4; i++) {
      clock.set(START);
      const listing = await listingOf(partner);
      const colour = listing.services.find((s) => s.name.startsWith('Colour'))!;
      const client = await customer();
      const [held, saved] = await Promise.all([
        client.post('/api/create-payment-intent', {
          providerId: shops[5]!.id,
          serviceId: colour.id,
          serviceDate: at(9 + 2 * i, '2026-12-01'),
          customerName: 'Eve',
          customerEmail: client.email,
        }),
        // The Services tab saved without "Colour and Cut" (re-added as a new service).
        partner.put('/api/partner/services', {
          services: [
            ...asInput(listing.services.filter((s) => s.id !== colour.id)),
            { name: 'Colour and Cut', price: 200, description: null, durationMinutes: 120 },
          ],
        }),
      ]);
      expect(saved.status).toBe(200);
      answers.push({ status: held.status, code: held.body?.code ?? 'held' });
    }
    // A hold that came first is a 200 (the booking keeps its title and price); one that came second is a 400.
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  });
});

describe('checked: another partner’s ids (§12: partners change only their own listing)', () => {
  it("someone else's service id in my save makes a new service of mine; theirs is untouched", async () => {
    clock.set(START);
    const mine = await owner(6);
    const theirs = await owner(7);
    const their = await listingOf(theirs);
    const res = await mine.put('/api/partner/services', {
      services: [
        { id: their.services[0]!.id, name: 'Hijack', price: 1, description: null, durationMinutes: null },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.services.map((s: { name: string }) => s.name)).toEqual(['Hijack']);
    expect(res.body.services[0].id).not.toBe(their.services[0]!.id);
    expect((await listingOf(theirs)).services).toEqual(their.services);
    expect((await servicesOf(shops[7]!.id)).map((s) => s.name).sort()).toEqual(['Colour and Cut', 'Haircut']);
  });

  it("another partner's time off and booking by id: 404, nothing changed", async () => {
    clock.set(START);
    const mine = await owner(6);
    const theirs = await owner(8);
    const off = await theirs.post('/api/partner/time-off', {
      startDate: '2026-12-10',
      endDate: '2026-12-10',
    });
    expect(off.status).toBe(201);
    const del = await mine.delete(`/api/partner/time-off/${off.body.id}`);
    expect(del.status).toBe(404);
    expect(del.body.code).toBe('partner.time_off_not_found');
    expect((await theirs.get('/api/partner/time-off')).body.map((t: { id: number }) => t.id)).toEqual([
      off.body.id,
    ]);
    const client = await customer();
    const booked = await bookAndPay(client, { providerId: shops[8]!.id, serviceDate: at(10, '2026-12-02') });
    const cancel = await mine.patch(`/api/partner/bookings/${booked.bookingId}`, { action: 'cancel' });
    expect(cancel.status).toBe(404);
    expect((await bookingRow(booked.bookingId)).status).toBe('confirmed');
  });

  it("another user's uploaded photo as my listing photo: 400, the photo unchanged", async () => {
    clock.set(START);
    const theirs = await owner(9);
    const mine = await owner(10);
    const up = { body: { filenames: [await upload(theirs, 'me.png', PNG, 'profile_image')] } };
    const before = (await mine.get('/api/partner/listing')).body;
    const res = await mine.put('/api/partner/listing', {
      description: 'A long enough description of my salon in downtown Toronto.',
      city: 'toronto',
      imageFilename: up.body.filenames[0],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('partner.unknown_photo');
    expect((await mine.get('/api/partner/listing')).body.imageUrl).toBe(before.imageUrl);
  });
});

describe('checked: malformed ids and bodies are 4xx {code,message}, never 500', () => {
  it('ids -1, 0, 1e309, 1.5, "1; drop", 2^31 on time off and bookings', async () => {
    const partner = await owner(11);
    for (const id of ['-1', '0', '1e309', '1.5', '1%3B%20drop', '2147483648', '99999999999999999999']) {
      for (const res of [
        await partner.delete(`/api/partner/time-off/${id}`),
        await partner.patch(`/api/partner/bookings/${id}`, { action: 'cancel' }),
      ]) {
        expect(res.status, id).toBe(400);
        expect(res.body).toEqual({ code: expect.any(String), message: expect.any(String) });
      }
    }
  });

  it('services: 1,000 of them, prices 0, -5, 1e309, "abc", 0.001, names and descriptions too long', async () => {
    const partner = await owner(11);
    const before = await listingOf(partner);
    const one = (s: Record<string, unknown>) => ({
      services: [{ name: 'Haircut', price: 50, description: null, durationMinutes: null, ...s }],
    });
    const bodies: unknown[] = [
      {
        services: Array.from({ length: 1000 }, (_, i) => ({
          name: `Service ${i}`,
          price: 10,
          description: null,
          durationMinutes: null,
        })),
      },
      one({ price: 0 }),
      one({ price: -5 }),
      one({ price: '1e309' }),
      one({ price: 'abc' }),
      one({ price: 0.001 }),
      one({ price: 100_001 }),
      one({ durationMinutes: 10_000 }),
      one({ durationMinutes: 14 }),
      one({ durationMinutes: 30.5 }),
      one({ name: 'x'.repeat(81) }),
      one({ description: 'x'.repeat(100_000) }),
      one({ name: 'Hair\u0000cut' }),
      one({ id: '1; drop' }),
      { services: [] },
      { services: 'Haircut' },
      {
        services: [
          { name: 'Haircut', price: 50 },
          { name: ' haircut ', price: 60 },
        ],
      },
    ];
    for (const body of bodies) {
      const res = await partner.put('/api/partner/services', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await listingOf(partner)).toEqual(before);
  });

  it('hours: 25:00, 08:10, opens at closing, closes before opening, day 7, a day twice, none', async () => {
    const partner = await owner(11);
    const before = await listingOf(partner);
    const bad = [
      [{ day: 1, opensAt: '09:00', closesAt: '25:00' }],
      [{ day: 1, opensAt: '08:10', closesAt: '17:00' }],
      [{ day: 1, opensAt: '09:00', closesAt: '09:00' }],
      [{ day: 1, opensAt: '17:00', closesAt: '09:00' }],
      [{ day: 7, opensAt: '09:00', closesAt: '17:00' }],
      [
        { day: 1, opensAt: '09:00', closesAt: '12:00' },
        { day: 1, opensAt: '13:00', closesAt: '17:00' },
      ],
      [{ day: 1, opensAt: '9:00', closesAt: '17:00' }],
      [],
    ];
    for (const schedule of bad) {
      const res = await partner.put('/api/partner/schedule', { schedule });
      expect(res.status, JSON.stringify(schedule)).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await listingOf(partner)).toEqual(before);
  });

  it('booking rules: a policy that is not one of the three, notice 169 or -1, buffer 7 or 255', async () => {
    const partner = await owner(11);
    const before = await listingOf(partner);
    const good = { minimumNoticeHours: 2, bufferMinutes: 0, cancellationPolicy: 'flexible' };
    for (const body of [
      { ...good, cancellationPolicy: 'lenient' },
      { ...good, cancellationPolicy: 'FLEXIBLE' },
      { ...good, cancellationPolicy: null },
      { ...good, minimumNoticeHours: 169 },
      { ...good, minimumNoticeHours: -1 },
      { ...good, minimumNoticeHours: 1.5 },
      { ...good, minimumNoticeHours: '1e309' },
      { ...good, bufferMinutes: 7 },
      { ...good, bufferMinutes: 255 },
    ]) {
      const res = await partner.put('/api/partner/booking-rules', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await listingOf(partner)).toEqual(before);
  });

  it('time off: 2026-02-30, inverted, ten years, past, NUL in the reason, a 300-character reason', async () => {
    clock.set(START);
    const partner = await owner(11);
    for (const body of [
      { startDate: '2026-02-30', endDate: '2026-03-01' },
      { startDate: '2026-12-31', endDate: '2026-13-01' },
      { startDate: '2026-12-05', endDate: '2026-12-04' },
      { startDate: '2026-12-01', endDate: '2036-12-01' },
      { startDate: '2036-12-01', endDate: '2036-12-02' },
      { startDate: '2026-11-01', endDate: '2026-11-02' },
      { startDate: '2026-12-01', endDate: '2026-12-01', reason: 'a\u0000b' },
      { startDate: '2026-12-01', endDate: '2026-12-01', reason: 'x'.repeat(300) },
      { startDate: 20261201, endDate: 20261201 },
    ]) {
      const res = await partner.post('/api/partner/time-off', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await partner.get('/api/partner/time-off')).body).toEqual([]);
  });

  it('listing: a 100,000-character description, an unknown city, a 2 MB body, NUL, a traversal photo name', async () => {
    const partner = await owner(11);
    const before = (await partner.get('/api/partner/listing')).body;
    const good = {
      description: 'A long enough description of my salon in downtown Toronto.',
      city: 'toronto',
    };
    for (const body of [
      { ...good, description: 'x'.repeat(100_000) },
      { ...good, city: 'atlantis' },
      { ...good, description: `${good.description}\u0000` },
      { ...good, imageFilename: '../../etc/passwd' },
      { ...good, imageFilename: '0123456789abcdef0123456789abcdef-../../x.png' },
      { ...good, serviceLanguages: ['de'] },
    ]) {
      const res = await partner.put('/api/partner/listing', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    const huge = await partner.put('/api/partner/listing', { ...good, padding: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    expect((await partner.get('/api/partner/listing')).body).toEqual(before);
  });
});

describe('checked: changes between a hold and its payment (§5, §6: the booking keeps what was held)', () => {
  it('a price raised and a duration doubled before Pay: charged the held price, the held time only', async () => {
    clock.set(START);
    const partner = await owner(12);
    const client = await customer();
    const { hold, paymentMethodId } = await holdWithCard(client, {
      providerId: shops[12]!.id,
      serviceDate: at(10, '2026-11-26'),
    });
    const heldRow = await bookingRow(hold.bookingId);
    const listing = await listingOf(partner);
    const raised = await partner.put('/api/partner/services', {
      services: asInput(listing.services).map((s) =>
        s.name === 'Haircut' ? { ...s, price: 500, durationMinutes: 180 } : s,
      ),
    });
    expect(raised.status).toBe(200);
    const paid = await client.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.paymentIntentId,
      paymentMethodId,
    });
    expect(paid.status).toBe(200);
    const row = await bookingRow(hold.bookingId);
    expect({ status: row.status, total: row.totalCents, price: row.priceCents, ends: row.endsAt }).toEqual({
      status: 'confirmed',
      total: heldRow.totalCents,
      price: 10_000,
      ends: heldRow.endsAt,
    });
    expect((await intentOf(hold.paymentIntentId))?.amountCents).toBe(heldRow.totalCents);
    // The next hour is free for the old length; the new 3-hour Haircut may not start where it would overlap.
    const haircut = (await listingOf(partner)).services.find((s) => s.name === 'Haircut')!;
    const free = await freeStarts(shops[12]!.id, '2026-11-26', haircut.id);
    expect(free).not.toContain(at(8, '2026-11-26'));
    expect(free).not.toContain(at(10, '2026-11-26'));
    expect(free).toContain(at(11, '2026-11-26'));
    const overlap = await (await customer()).post('/api/create-payment-intent', {
      providerId: shops[12]!.id,
      serviceId: haircut.id,
      serviceDate: at(8, '2026-11-26'),
      customerName: 'Eve',
      customerEmail: 'x@example.com',
    });
    expect(overlap.status).toBe(409);
  });

  it('a service deleted under a live hold: Pay still charges the held price; the booking keeps its title', async () => {
    clock.set(START);
    const partner = await owner(13);
    const client = await customer();
    const listing = await listingOf(partner);
    const colour = listing.services.find((s) => s.name === 'Colour and Cut')!;
    const { hold, paymentMethodId } = await holdWithCard(client, {
      providerId: shops[13]!.id,
      serviceDate: at(10, '2026-11-26'),
      extra: { serviceId: colour.id },
    });
    const saved = await partner.put('/api/partner/services', {
      services: asInput(listing.services.filter((s) => s.id !== colour.id)),
    });
    expect(saved.status).toBe(200);
    const paid = await client.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.paymentIntentId,
      paymentMethodId,
    });
    expect(paid.status).toBe(200);
    const mine = await client.get(`/api/bookings/${hold.bookingId}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ status: 'confirmed', serviceTitle: 'Colour and Cut' });
    const theirs = await partner.get('/api/partner/bookings');
    expect(theirs.status).toBe(200);
    expect(theirs.body.find((b: { id: number }) => b.id === hold.bookingId)).toMatchObject({
      status: 'confirmed',
    });
    // Still two hours long: the 11:00 start stays taken, and the customer may move it (same length).
    expect(await freeStarts(shops[13]!.id, '2026-11-26')).not.toContain(at(11, '2026-11-26'));
    const moved = await client.post(`/api/bookings/${hold.bookingId}/reschedule`, {
      serviceDate: at(14, '2026-11-27'),
    });
    expect(moved.status).toBe(200);
    expect((await bookingRow(hold.bookingId)).endsAt.toISOString()).toBe(at(16, '2026-11-27'));
  });

  it('time off over a held time: the hold stays, is listed, and is paid; hours shrunk under a paid booking keep it', async () => {
    clock.set(START);
    const partner = await owner(14);
    const client = await customer();
    const { hold, paymentMethodId } = await holdWithCard(client, {
      providerId: shops[14]!.id,
      serviceDate: at(15, '2026-11-30'),
    });
    const off = await partner.post('/api/partner/time-off', {
      startDate: '2026-11-30',
      endDate: '2026-11-30',
    });
    expect(off.status).toBe(201);
    expect(off.body.bookings.map((b: { id: number }) => b.id)).toEqual([hold.bookingId]);
    const paid = await client.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.paymentIntentId,
      paymentMethodId,
    });
    expect(paid.status).toBe(200);
    const other = await bookAndPay(await customer(), {
      providerId: shops[14]!.id,
      serviceDate: at(16, '2026-12-01'),
    });
    const listing = await listingOf(partner);
    const shorter = await partner.put('/api/partner/schedule', {
      schedule: listing.schedule.map((d) => ({ ...d, closesAt: '12:00' })),
    });
    expect(shorter.status).toBe(200);
    expect((await bookingRow(hold.bookingId)).status).toBe('confirmed');
    expect((await bookingRow(other.bookingId)).status).toBe('confirmed');
  });

  it('a notice or buffer change racing holds: no 500', async () => {
    clock.set(START);
    const partner = await owner(15);
    const first = await bookAndPay(await customer(), {
      providerId: shops[15]!.id,
      serviceDate: at(10, '2026-11-27'),
    });
    expect(first.bookingId).toBeGreaterThan(0);
    const racers = await Promise.all([customer(), customer(), customer()]);
    const answers = await Promise.all([
      partner.put('/api/partner/booking-rules', {
        minimumNoticeHours: 2,
        bufferMinutes: 60,
        cancellationPolicy: 'flexible',
      }),
      ...racers.map((c, i) =>
        c.post('/api/create-payment-intent', {
          providerId: shops[15]!.id,
          serviceDate: at(12 + i, '2026-11-27'),
          customerName: 'Eve',
          customerEmail: c.email,
        }),
      ),
    ]);
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
    expect(answers[0]!.status).toBe(200);
  });
});

describe('checked: two dashboard saves at once (two tabs, a double click)', () => {
  it('services saved twice at once: both 200, the listing is one of the two saves, whole', async () => {
    clock.set(START);
    const partner = await owner(16);
    const listing = await listingOf(partner);
    const a = asInput(listing.services).map((s) => ({ ...s, price: s.price + 1 }));
    const b = [
      ...asInput(listing.services),
      { name: 'Blow Dry', price: 45, description: null, durationMinutes: 30 },
    ];
    const [ra, rb] = await Promise.all([
      partner.put('/api/partner/services', { services: a }),
      partner.put('/api/partner/services', { services: b }),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const after = (await listingOf(partner)).services.map((s) => [s.name, s.price]);
    expect([a.map((s) => [s.name, s.price]), b.map((s) => [s.name, s.price])]).toContainEqual(after);
  });

  it('rules, hours, listing and time off saved at once: all 200, each change kept', async () => {
    clock.set(START);
    const partner = await owner(17);
    const listing = await listingOf(partner);
    const answers = await Promise.all([
      partner.put('/api/partner/booking-rules', {
        minimumNoticeHours: 5,
        bufferMinutes: 15,
        cancellationPolicy: 'strict',
      }),
      partner.put('/api/partner/schedule', {
        schedule: listing.schedule.map((d) => ({ ...d, opensAt: '10:00' })),
      }),
      partner.put('/api/partner/listing', {
        description: 'Freshly rewritten description of this salon, at length.',
        city: 'ottawa',
      }),
      partner.post('/api/partner/time-off', { startDate: '2026-12-24', endDate: '2026-12-26' }),
      partner.post('/api/partner/time-off', { startDate: '2026-12-24', endDate: '2026-12-26' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 201, 201]);
    const after = (await partner.get('/api/partner/listing')).body;
    expect(after).toMatchObject({
      minimumNoticeHours: 5,
      bufferMinutes: 15,
      cancellationPolicy: 'strict',
      city: 'Ottawa',
      description: 'Freshly rewritten description of this salon, at length.',
    });
    expect(after.schedule.every((d: { opensAt: string }) => d.opensAt === '10:00')).toBe(true);
    expect(await freeStarts(shops[17]!.id, '2026-12-24')).toEqual([]);
  });
});

describe('checked: applications and uploads (§11)', () => {
  let n = 0;
  const visitor = () => createClient(ctx, { ip: `10.79.${Math.floor(++n / 200)}.${n % 200}` });
  const body = (email: string, docs: string[]) => ({
    fullName: 'Priya Patel',
    email,
    phone: '416-555-0142',
    password: 'Maple!Syrup42',
    confirmPassword: 'Maple!Syrup42',
    businessName: 'Patel Home Care',
    businessNumber: '',
    googleBusinessUrl: '',
    city: 'mississauga',
    province: 'on',
    servicesDescription: 'Deep cleaning, move-out cleaning and weekly home care across Peel Region.',
    operatingDays: ['Monday', 'Wednesday'],
    operatingHours: '9:00 AM - 5:00 PM',
    documents: docs,
    priceCatalog: [{ serviceName: 'Deep Cleaning', price: '$120', description: '', duration: '' }],
    hasPriceList: false,
    priceListUrl: '',
    agreedToTerms: true,
    profileImage: null,
    serviceCategory: 'General Services',
    applicantType: 'business',
  });

  it('one application submitted twice at once: one 201, one 4xx; one account, the documents claimed once', async () => {
    const client = visitor();
    const docs = [await upload(client, 'licence.pdf')];
    const [a, b] = await Promise.all([
      client.post('/api/provider-applications', body('twice@example.com', docs)),
      client.post('/api/provider-applications', body('twice@example.com', docs)),
    ]);
    // The second finds the documents claimed (400) or the address taken (409).
    expect([a.status, b.status].sort()).toEqual([201, expect.toBeOneOf([400, 409])]);
    const rows = await ctx.database.db.select().from(documents).where(inArray(documents.filename, docs));
    expect(rows.map((r) => r.applicationId)).toEqual([(a.status === 201 ? a : b).body.applicationId]);
    // The same address with different files at once: the unique index decides, 409.
    const [c, d] = await Promise.all([
      client.post('/api/provider-applications', body('race@example.com', [await upload(client, 'a.pdf')])),
      visitor().post('/api/provider-applications', body('race@example.com', [await upload(client, 'b.pdf')])),
    ]);
    expect([c.status, d.status].sort()).toEqual([201, 409]);
  });

  it('one upload claimed by two applications at once: one 201, one 400 (applications.unknown_documents)', async () => {
    const client = visitor();
    const docs = [await upload(client, 'licence.pdf')];
    const [a, b] = await Promise.all([
      client.post('/api/provider-applications', body('claim.one@example.com', docs)),
      visitor().post('/api/provider-applications', body('claim.two@example.com', docs)),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect((a.status === 400 ? a : b).body.code).toBe('applications.unknown_documents');
  });

  it('a PNG named licence.pdf is stored as .png; an HTML page named photo.png is refused (415)', async () => {
    const client = visitor();
    const stored = await upload(client, 'licence.pdf', PNG);
    expect(stored.endsWith('-licence.png')).toBe(true);
    const data = new FormData();
    data.append(
      'files',
      new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' }),
      'photo.png',
    );
    const res = await client.post('/api/documents/upload?kind=profile_image', data);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ code: expect.any(String), message: expect.any(String) });
  });
});
