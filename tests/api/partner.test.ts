import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerStats } from '../../src/shared/contract/partner';
import { fixedClock } from '../../src/server/clock';
import { bookings, sandboxIntents } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { runDueJobs } from '../support/jobs';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { lastEmailTo } from '../support/outbox';
import { AT_HOME } from '../support/service-address';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
// Monday 23 November 2026, 7:00 AM in Toronto.
const START = '2026-11-23T12:00:00Z';
const clock = fixedClock(START);
const slot = (hourToronto: number, date = '2026-11-24') =>
  new Date(`${date}T${String(hourToronto + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

let ctx: TestContext;
let dataDir: string;
let patProvider: number;
let quinnProvider: number;
let samProvider: number;
let ip = 0;
const client = () => createClient(ctx, { ip: `10.70.${Math.floor(++ip / 200)}.${ip % 200}` });
async function as(email: string) {
  const c = client();
  await c.login(email, DEMO_PASSWORD);
  return c;
}

/** A booking for a listing, written directly (the bookings module's own tests cover how they are made). */
async function booking(providerId: number, values: Partial<typeof bookings.$inferInsert> = {}) {
  const serviceDate = values.serviceDate ?? new Date(slot(9, '2026-11-25'));
  const [row] = await ctx.database.db
    .insert(bookings)
    .values({
      reference: `TR-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      providerId,
      serviceTitle: 'Deep Cleaning',
      serviceDate,
      endsAt: new Date(serviceDate.getTime() + 3_600_000),
      customerName: 'Cara Customer',
      customerEmail: 'cara@example.com',
      customerPhone: '416-555-0100',
      priceCents: 10000,
      feeCents: 300,
      totalCents: 10300,
      status: 'confirmed',
      paymentStatus: 'confirmed',
      ...values,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-partner-'));
  ctx = await createTestApp({
    clock,
    env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://trillium.test' },
    seed: async ({ db }) => {
      const categoryId = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      await insertUser(db, {
        email: 'admin@example.com',
        fullName: 'Alex Admin',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
      await insertUser(db, { email: 'cara@example.com', fullName: 'Cara Customer', password: DEMO_PASSWORD });
      await insertUser(db, {
        email: 'nia@example.com',
        fullName: 'Nia Nolisting',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      const pat = await insertUser(db, {
        email: 'pat@example.com',
        fullName: 'Pat Partner',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      const quinn = await insertUser(db, {
        email: 'quinn@example.com',
        fullName: 'Quinn Partner',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      patProvider = await insertProvider(db, {
        name: 'Sparkle Co',
        categoryId,
        ownerUserId: pat,
        city: 'toronto',
        services: [{ name: 'Deep Cleaning', priceCents: 10000 }],
      });
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      const sam = await insertUser(db, {
        email: 'sam@example.com',
        fullName: 'Sam Stylist',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      samProvider = await insertProvider(db, {
        name: 'Sam Styles',
        categoryId: salon,
        ownerUserId: sam,
        city: 'toronto',
        services: [{ name: 'Haircut', priceCents: 6000 }],
      });
      quinnProvider = await insertProvider(db, {
        name: 'Quinn Cleans',
        categoryId,
        ownerUserId: quinn,
        services: [{ name: 'Window Washing', priceCents: 8000 }],
      });
    },
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('authorisation: every /api/partner route', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/partner/bookings'],
    ['PATCH', '/api/partner/bookings/999999', { status: 'cancelled' }],
    ['GET', '/api/partner/listing'],
    [
      'PUT',
      '/api/partner/listing',
      { description: 'A careful cleaning team for homes across Toronto.', city: 'toronto' },
    ],
    ['PUT', '/api/partner/services', { services: [{ name: 'Deep Cleaning', price: 100 }] }],
    [
      'PUT',
      '/api/partner/schedule',
      { schedule: [1, 2, 3, 4, 5, 6].map((day) => ({ day, opensAt: '08:00', closesAt: '18:00' })) },
    ],
  ];
  it.each(routes)(
    '%s %s: 401 visitor, 403 customer and admin, partner allowed',
    async (method, url, body) => {
      const send = (c: Client) => c.request({ method: method as 'GET', url, body });
      expect((await send(client())).status).toBe(401);
      expect((await send(await as('cara@example.com'))).status).toBe(403);
      expect((await send(await as('admin@example.com'))).status).toBe(403);
      expect((await send(await as('pat@example.com'))).status).toBe(url.endsWith('999999') ? 404 : 200);
    },
  );

  it('answers partner status to everyone', async () => {
    expect((await client().get('/api/user/partner-status')).body).toMatchObject({
      isPartner: false,
      providerId: null,
    });
    expect((await (await as('cara@example.com')).get('/api/user/partner-status')).body).toEqual({
      isPartner: false,
      providerId: null,
      application: null,
    });
    expect((await (await as('pat@example.com')).get('/api/user/partner-status')).body).toMatchObject({
      isPartner: true,
      providerId: patProvider,
    });
    expect((await (await as('nia@example.com')).get('/api/user/partner-status')).body).toMatchObject({
      isPartner: true,
      providerId: null,
    });
  });

  it('a partner without a listing has no bookings and no listing', async () => {
    const nia = await as('nia@example.com');
    expect((await nia.get('/api/partner/bookings')).body).toEqual([]);
    const listing = await nia.get('/api/partner/listing');
    expect(listing.status).toBe(404);
    expect(listing.body.code).toBe('partner.no_listing');
  });
});

describe('bookings tab', () => {
  it("shows only the partner's own bookings, without lapsed holds", async () => {
    const mine = await booking(patProvider, { customerPhone: '416-555-0100', notes: 'Side door' });
    const lapsed = await booking(patProvider, {
      serviceDate: new Date(slot(10, '2026-11-25')),
      status: 'awaiting_payment',
      paymentStatus: 'pending',
      holdExpiresAt: new Date('2026-11-23T11:00:00Z'),
    });
    const theirs = await booking(quinnProvider);
    const pat = await as('pat@example.com');
    const res = await pat.get('/api/partner/bookings');
    expect(res.status).toBe(200);
    const ids = res.body.map((b: { id: number }) => b.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(lapsed.id);
    expect(ids).not.toContain(theirs.id);
    expect(res.body.find((b: { id: number }) => b.id === mine.id)).toEqual({
      id: mine.id,
      referenceNumber: mine.reference,
      providerId: patProvider,
      providerName: expect.any(String),
      serviceId: null,
      serviceTitle: 'Deep Cleaning',
      durationMinutes: 60,
      deliveredAt: 'provider',
      serviceAddress: null,
      location: expect.any(String),
      priceCents: 10000,
      feeCents: 300,
      discountCents: 0,
      taxCents: 0,
      totalCents: 10300,
      // Written without lines (as before they were kept): read as service and fee.
      lines: [
        { kind: 'service', label: 'Service price', amount: 10000 },
        { kind: 'service_fee', label: 'Service fee (3%)', amount: 300 },
      ],
      refundedLines: [],
      holdExpiresAt: null,
      customerName: 'Cara Customer',
      customerEmail: 'cara@example.com',
      customerPhone: '416-555-0100',
      status: 'confirmed',
      paymentStatus: 'confirmed',
      serviceDate: slot(9, '2026-11-25'),
      serviceTime: '9:00 AM',
      notes: 'Side door',
      createdAt: expect.any(String),
      paidAt: null,
      completedAt: null,
      disputeSettledAt: null,
      endsAt: '2026-11-25T15:00:00.000Z',
      cancellationPolicy: 'flexible',
      rescheduleCount: 0,
      cancelledBy: null,
      cancelReason: null,
      refundedCents: 0,
      refundStatus: 'none',
    });
    // Another partner's booking is a 404, never a change.
    const touch = await pat.patch(`/api/partner/bookings/${theirs.id}`, { status: 'cancelled' });
    expect(touch.status).toBe(404);
    const [still] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, theirs.id));
    expect(still!.status).toBe('confirmed');
    expect(
      (await (await as('quinn@example.com')).get('/api/partner/bookings')).body.map(
        (b: { id: number }) => b.id,
      ),
    ).toEqual([theirs.id]);
  });

  it("shows a hold's address, phone and notes only once it is paid", async () => {
    const cara = await as('cara@example.com');
    const hold = await cara.post('/api/create-payment-intent', {
      providerId: patProvider,
      serviceDate: slot(15),
      serviceTitle: 'Deep Cleaning',
      customerName: 'Cara Customer',
      customerEmail: 'cara@example.com',
      notes: 'The key is under the mat',
      ...AT_HOME,
    });
    expect(hold.status).toBe(200);
    const pat = await as('pat@example.com');
    const seen = async () =>
      (await pat.get('/api/partner/bookings')).body.find((b: { id: number }) => b.id === hold.body.bookingId);
    // The time is taken (the hold is listed) but nothing about the customer's home is told yet.
    expect(await seen()).toMatchObject({
      status: 'awaiting_payment',
      serviceAddress: null,
      customerPhone: null,
      notes: null,
      location: 'Toronto',
    });
    // The customer sees their own hold in full.
    expect((await cara.get(`/api/bookings/${hold.body.bookingId}`)).body).toMatchObject({
      serviceAddress: { street: '120 Queen St W' },
      customerPhone: '416-555-0100',
      notes: 'The key is under the mat',
    });

    const card = await cara.post('/api/payments/sandbox/payment-methods', {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    const paid = await cara.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.body.paymentIntentId,
      paymentMethodId: card.body.id,
    });
    expect(paid.status).toBe(200);
    expect(await seen()).toMatchObject({
      status: 'confirmed',
      serviceAddress: { street: '120 Queen St W', accessNotes: AT_HOME.serviceAddress.accessNotes },
      customerPhone: '416-555-0100',
      notes: 'The key is under the mat',
      location: '120 Queen St W, Unit 4, Toronto, ON M5H 2N2',
    });

    // A hold the partner cancels before it is paid never tells them more than the city.
    const unpaid = await booking(patProvider, {
      serviceDate: new Date(slot(16)),
      status: 'awaiting_payment',
      paymentStatus: 'pending',
      holdExpiresAt: new Date('2026-11-23T12:10:00Z'),
      notes: 'Ring twice',
    });
    const cancelled = await pat.patch(`/api/partner/bookings/${unpaid.id}`, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', customerPhone: null, notes: null });
  });

  it('marks a confirmed booking completed only after its start time', async () => {
    const b = await booking(patProvider, { serviceDate: new Date(slot(11, '2026-11-25')) });
    const pat = await as('pat@example.com');
    const early = await pat.patch(`/api/partner/bookings/${b.id}`, { status: 'completed' });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      code: 'bookings.transition_not_allowed',
      message: 'A booking can be marked completed once its start time has passed.',
    });
    clock.set('2026-11-25T17:00:00Z');
    try {
      // Two days later the earlier session has idled out: sign in again.
      const later = await as('pat@example.com');
      const done = await later.patch(`/api/partner/bookings/${b.id}`, { status: 'completed' });
      expect(done.status).toBe(200);
      expect(done.body.status).toBe('completed');
      expect((await later.patch(`/api/partner/bookings/${b.id}`, { status: 'cancelled' })).status).toBe(409);
    } finally {
      clock.set(START);
    }
  });

  it('cancels a paid booking with a full refund and tells the customer', async () => {
    const cara = await as('cara@example.com');
    const hold = await cara.post('/api/create-payment-intent', {
      providerId: patProvider,
      serviceDate: slot(14),
      serviceTitle: 'Deep Cleaning',
      customerName: 'Cara Customer',
      customerEmail: 'cara@example.com',
      ...AT_HOME,
    });
    const card = await cara.post('/api/payments/sandbox/payment-methods', {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    const paid = await cara.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.body.paymentIntentId,
      paymentMethodId: card.body.id,
    });
    expect(paid.status).toBe(200);
    const res = await (await as('pat@example.com')).patch(`/api/partner/bookings/${hold.body.bookingId}`, {
      status: 'cancelled',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    await runDueJobs(ctx);
    const [intent] = await ctx.database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, hold.body.paymentIntentId));
    expect(intent!.refundedCents).toBe(10339);
    expect((await lastEmailTo(ctx.database.db, 'cara@example.com'))!.kind).toBe('booking_cancelled');
  });

  it('computes the dashboard stats with revenue in cents', () => {
    expect(
      partnerStats([
        { status: 'confirmed', paymentStatus: 'confirmed', totalCents: 10300 },
        { status: 'completed', paymentStatus: 'confirmed', totalCents: 5150 },
        { status: 'awaiting_payment', paymentStatus: 'pending', totalCents: 2000 },
        { status: 'cancelled', paymentStatus: 'refunded', totalCents: 9900 },
      ]),
    ).toEqual({ total: 4, pending: 1, completed: 1, revenueCents: 15450 });
  });
});

describe('services tab', () => {
  it('edits services: search and the starting price change at once', async () => {
    const anyone = client();
    expect((await anyone.get('/api/providers?q=aromatherapy')).body).toEqual([]);
    expect((await anyone.get(`/api/providers/${patProvider}`)).body.price).toBe(100);
    const pat = await as('pat@example.com');
    const res = await pat.put('/api/partner/services', {
      services: [
        {
          name: 'Aromatherapy Steam Clean',
          price: 149.99,
          description: 'Lavender finish',
          durationMinutes: 90,
        },
        { name: 'Quick Tidy', price: 45 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.price).toBe(45);
    expect(res.body.services).toMatchObject([
      {
        name: 'Aromatherapy Steam Clean',
        price: 149.99,
        description: 'Lavender finish',
        durationMinutes: 90,
      },
      { name: 'Quick Tidy', price: 45, description: null, durationMinutes: null },
    ]);
    const found = (await anyone.get('/api/providers?q=aromatherapy')).body;
    expect(found.map((p: { id: number }) => p.id)).toEqual([patProvider]);
    // As the cards show them: all-in, with the service fee and its HST (docs/product.md §7).
    expect((await anyone.get(`/api/providers/${patProvider}`)).body.servicesOffered).toEqual([
      'Aromatherapy Steam Clean - $155.08',
      'Quick Tidy - $46.53',
    ]);
  });

  it('edits weekly hours: availability follows at once', async () => {
    const pat = await as('pat@example.com');
    const res = await pat.put('/api/partner/schedule', {
      schedule: [
        { day: 2, opensAt: '10:00', closesAt: '12:00' },
        { day: 0, opensAt: '09:00', closesAt: '11:30' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.schedule).toEqual([
      { day: 0, opensAt: '09:00', closesAt: '11:30' },
      { day: 2, opensAt: '10:00', closesAt: '12:00' },
    ]);
    const availability = (await client().get(`/api/providers/${patProvider}/availability?days=7`)).body;
    const labels = (date: string) =>
      availability.days
        .find((d: { date: string }) => d.date === date)
        .slots.map((s: { label: string }) => s.label);
    expect(labels('2026-11-24')).toEqual(['10:00 AM', '11:00 AM']);
    expect(labels('2026-11-25')).toEqual([]);
    expect(labels('2026-11-29')).toEqual(['9:00 AM', '10:00 AM']);
  });

  it('two saves of the hours at once (two tabs, a double click) both succeed, one after the other', async () => {
    const pat = await as('pat@example.com');
    const week = (closesAt: string) => ({
      schedule: [2, 0].map((day) => ({ day, opensAt: day === 2 ? '10:00' : '09:00', closesAt })),
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pat.put('/api/partner/schedule', week(i % 2 ? '12:00' : '11:30'))),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const restored = await pat.put('/api/partner/schedule', {
      schedule: [
        { day: 2, opensAt: '10:00', closesAt: '12:00' },
        { day: 0, opensAt: '09:00', closesAt: '11:30' },
      ],
    });
    expect(restored.status).toBe(200);
  });

  it('changes where a service happens: the next hold asks for an address, or stops asking', async () => {
    const pat = await as('pat@example.com');
    const before = (await pat.get('/api/partner/listing')).body;
    expect(before.categoryDeliveredAt).toBe('customer'); // home cleaning comes to the home
    const [steam, tidy] = before.services as { id: number; name: string; price: number }[];
    const save = (tidyPlace?: 'customer' | 'provider') =>
      pat.put('/api/partner/services', {
        services: [
          { id: steam!.id, name: steam!.name, price: steam!.price },
          { id: tidy!.id, name: tidy!.name, price: tidy!.price, deliveredAt: tidyPlace },
        ],
      });
    const places = (body: { services: { deliveredAt: string }[] }) => body.services.map((s) => s.deliveredAt);
    const cara = await as('cara@example.com');
    const holdTidy = (serviceDate: string, extra: Record<string, unknown> = {}) =>
      cara.post('/api/create-payment-intent', {
        providerId: patProvider,
        serviceId: tidy!.id,
        serviceDate,
        customerName: 'Cara Customer',
        customerEmail: 'cara@example.com',
        ...extra,
      });

    // Quick Tidy moves to the partner's place: no address is asked for it any more.
    const moved = await save('provider');
    expect(moved.status).toBe(200);
    expect(places(moved.body)).toEqual(['customer', 'provider']);
    expect((await client().get(`/api/providers/${patProvider}`)).body.services[1].deliveredAt).toBe(
      'provider',
    );
    const atTheirPlace = await holdTidy(slot(10));
    expect(atTheirPlace.status).toBe(200);
    expect((await cara.get(`/api/bookings/${atTheirPlace.body.bookingId}`)).body).toMatchObject({
      deliveredAt: 'provider',
      serviceAddress: null,
    });

    // A save that does not say where (an older screen) keeps each service where it was.
    const kept = await save(undefined);
    expect(kept.status).toBe(200);
    expect(places(kept.body)).toEqual(['customer', 'provider']);

    // Back at the customer's: the next hold needs the address again.
    expect(places((await save('customer')).body)).toEqual(['customer', 'customer']);
    const noAddress = await holdTidy(slot(11));
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.code).toBe('bookings.address_required');
    const atHome = await holdTidy(slot(11), AT_HOME);
    expect(atHome.status).toBe(200);
    expect((await cara.get(`/api/bookings/${atHome.body.bookingId}`)).body).toMatchObject({
      deliveredAt: 'customer',
      serviceAddress: { street: '120 Queen St W' },
    });
  });

  it('edits the description, city and photo', async () => {
    const pat = await as('pat@example.com');
    const data = new FormData();
    data.append('files', new Blob([new Uint8Array(PNG)]), 'storefront.png');
    const image = (await pat.post('/api/documents/upload?kind=profile_image', data)).body.filenames[0];
    const res = await pat.put('/api/partner/listing', {
      description: 'Now serving Ottawa with the same careful, insured team.',
      city: 'ottawa',
      imageFilename: image,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ city: 'Ottawa', citySlug: 'ottawa' });
    expect(res.body.imageUrl).toMatch(/^\/api\/provider-photos\/[a-f0-9]{32}-storefront\.png$/);
    expect((await client().get(res.body.imageUrl)).status).toBe(200);
    const inOttawa = (await client().get('/api/providers?location=ottawa')).body.map(
      (p: { id: number }) => p.id,
    );
    expect(inOttawa).toContain(patProvider);
    // Someone else's upload cannot become this listing's photo.
    const quinn = await as('quinn@example.com');
    const other = new FormData();
    other.append('files', new Blob([new Uint8Array(PNG)]), 'q.png');
    const theirs = (await quinn.post('/api/documents/upload?kind=profile_image', other)).body.filenames[0];
    const refused = await pat.put('/api/partner/listing', {
      description: 'Now serving Ottawa with the same careful, insured team.',
      city: 'ottawa',
      imageFilename: theirs,
    });
    expect(refused.status).toBe(400);
    const reset = await pat.put('/api/partner/listing', {
      description: 'Now serving Ottawa with the same careful, insured team.',
      city: 'ottawa',
      imageFilename: null,
    });
    expect(reset.body.imageUrl).toBe('/images/providers/home-cleaning-1.svg');
  });

  it("sets and clears the business street address, shown on bookings at the provider's place", async () => {
    const sam = await as('sam@example.com');
    const listing = {
      description: 'Cuts, colour and styling in a calm studio on King Street.',
      city: 'toronto',
    };
    expect((await sam.get('/api/partner/listing')).body.streetAddress).toBeNull();
    const set = await sam.put('/api/partner/listing', { ...listing, streetAddress: '  12 King St W  ' });
    expect(set.status).toBe(200);
    expect(set.body.streetAddress).toBe('12 King St W');
    expect((await client().get(`/api/providers/${samProvider}`)).body.streetAddress).toBe('12 King St W');

    // Absent keeps it (a client that does not know the field changes nothing).
    const kept = await sam.put('/api/partner/listing', listing);
    expect(kept.status).toBe(200);
    expect(kept.body.streetAddress).toBe('12 King St W');

    // A haircut happens at the salon: the booking's location is the street address.
    const cara = await as('cara@example.com');
    const hold = await cara.post('/api/create-payment-intent', {
      providerId: samProvider,
      serviceDate: slot(10),
      serviceTitle: 'Haircut',
      customerName: 'Cara Customer',
      customerEmail: 'cara@example.com',
    });
    expect(hold.status).toBe(200);
    const booking = (await cara.get(`/api/bookings/${hold.body.bookingId}`)).body;
    expect(booking).toMatchObject({ deliveredAt: 'provider', serviceAddress: null });
    expect(booking.location).toBe('12 King St W, Toronto, ON');

    // Too short: 400 naming the field, nothing saved.
    const short = await sam.put('/api/partner/listing', { ...listing, streetAddress: '12 K' });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('streetAddress');
    expect(short.body.message).toContain('Street address must be at least 5 characters');
    const long = await sam.put('/api/partner/listing', { ...listing, streetAddress: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('streetAddress');
    expect((await sam.get('/api/partner/listing')).body.streetAddress).toBe('12 King St W');

    // Empty removes it; the next booking shows the city alone.
    const cleared = await sam.put('/api/partner/listing', { ...listing, streetAddress: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.streetAddress).toBeNull();
    expect((await client().get(`/api/providers/${samProvider}`)).body.streetAddress).toBeNull();
    const next = await cara.post('/api/create-payment-intent', {
      providerId: samProvider,
      serviceDate: slot(13),
      serviceTitle: 'Haircut',
      customerName: 'Cara Customer',
      customerEmail: 'cara@example.com',
    });
    expect(next.status).toBe(200);
    expect((await cara.get(`/api/bookings/${next.body.bookingId}`)).body.location).toBe('Toronto, ON');
  });

  const invalid: [string, string, unknown][] = [
    ['no services', '/api/partner/services', { services: [] }],
    ['a free service', '/api/partner/services', { services: [{ name: 'Free Hug', price: 0 }] }],
    ['a huge price', '/api/partner/services', { services: [{ name: 'Mansion', price: 100001 }] }],
    ['three decimals', '/api/partner/services', { services: [{ name: 'Odd', price: 10.005 }] }],
    ['a short name', '/api/partner/services', { services: [{ name: 'X', price: 10 }] }],
    ['a NUL in a name', '/api/partner/services', { services: [{ name: 'Bad\u0000Name', price: 10 }] }],
    [
      'a 10-minute service',
      '/api/partner/services',
      { services: [{ name: 'Blink', price: 10, durationMinutes: 10 }] },
    ],
    [
      'duplicate names',
      '/api/partner/services',
      {
        services: [
          { name: 'Same', price: 10 },
          { name: 'same', price: 20 },
        ],
      },
    ],
    [
      '31 services',
      '/api/partner/services',
      { services: Array.from({ length: 31 }, (_, i) => ({ name: `Svc ${i}`, price: 10 })) },
    ],
    [
      'closing before opening',
      '/api/partner/schedule',
      { schedule: [{ day: 1, opensAt: '17:00', closesAt: '09:00' }] },
    ],
    [
      'off the quarter hour',
      '/api/partner/schedule',
      { schedule: [{ day: 1, opensAt: '09:10', closesAt: '17:00' }] },
    ],
    ['day 7', '/api/partner/schedule', { schedule: [{ day: 7, opensAt: '09:00', closesAt: '17:00' }] }],
    [
      'a day twice',
      '/api/partner/schedule',
      {
        schedule: [
          { day: 1, opensAt: '09:00', closesAt: '12:00' },
          { day: 1, opensAt: '13:00', closesAt: '17:00' },
        ],
      },
    ],
    ['no open day', '/api/partner/schedule', { schedule: [] }],
    ['a short description', '/api/partner/listing', { description: 'Short', city: 'toronto' }],
    [
      'an unknown city',
      '/api/partner/listing',
      { description: 'A careful cleaning team for homes.', city: 'atlantis' },
    ],
  ];
  it.each(invalid)('refuses %s', async (_name, url, body) => {
    const res = await (await as('pat@example.com')).put(url, body);
    expect(res.status).toBe(400);
  });
});
