import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { bookings, sandboxIntents } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { reconcilePayments } from '../../src/server/modules/bookings/bookings.jobs';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { emailsTo, lastEmailTo } from '../support/outbox';
import { AT_HOME } from '../support/service-address';

// Monday 23 November 2026, 7:00 AM in Toronto.
const clock = fixedClock('2026-11-23T12:00:00Z');
let ctx: TestContext;
let providerId: number;
let tierProviderId: number;
let partnerId: number;
let serviceId: number;
let userCount = 0;

const slot = (hourToronto: number, date = '2026-11-24') =>
  new Date(`${date}T${String(hourToronto + 5).padStart(2, '0')}:00:00.000Z`).toISOString(); // EST = UTC-5

async function customer(): Promise<Client> {
  const email = `buyer${++userCount}@example.com`;
  await insertUser(ctx.database.db, { email, fullName: `Buyer Number${userCount}`, password: DEMO_PASSWORD });
  const client = createClient(ctx, { ip: `10.20.${Math.floor(userCount / 200)}.${userCount % 200}` });
  await client.login(email, DEMO_PASSWORD);
  return client;
}

function holdBody(serviceDate: string, extra: Record<string, unknown> = {}) {
  return {
    providerId,
    serviceDate,
    serviceTitle: 'Deep Cleaning',
    customerName: 'Chris Customer',
    customerEmail: 'chris@example.com',
    ...AT_HOME,
    notes: 'Side door',
    ...extra,
  };
}

async function card(client: Client, number: string) {
  const res = await client.post('/api/payments/sandbox/payment-methods', {
    number,
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
    billingName: 'Chris Customer',
    billingEmail: 'chris@example.com',
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    seed: async ({ db }) => {
      const categoryId = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      partnerId = await insertUser(db, {
        email: 'owner@example.com',
        fullName: 'Olive Owner',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      providerId = await insertProvider(db, {
        name: 'Sparkle Co',
        categoryId,
        city: 'toronto',
        ownerUserId: partnerId,
        services: [
          { name: 'Standard Cleaning', priceCents: 12000 },
          { name: 'Deep Cleaning', priceCents: 22050 },
        ],
      });
      tierProviderId = await insertProvider(db, {
        name: 'Tiered Co',
        categoryId,
        city: 'ottawa',
        priceCents: 5000,
      });
    },
  });
  const [svc] = (await createClient(ctx).get(`/api/providers/${providerId}`)).body.services;
  serviceId = svc.id;
});
afterAll(() => ctx.close());

describe('availability', () => {
  it('answers 14 days of hourly slots in Toronto time', async () => {
    const res = await createClient(ctx).get(`/api/providers/${providerId}/availability?days=14`);
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/Toronto');
    expect(res.body.days).toHaveLength(14);
    expect(res.body.days[0].date).toBe('2026-11-23');
    const monday = res.body.days[0].slots;
    // 7:00 AM now, and 2 hours' notice by default: 8 AM is too soon, 9 AM is the first free start.
    expect(monday[0]).toEqual({ start: '2026-11-23T13:00:00.000Z', label: '8:00 AM', available: false });
    expect(monday[1]).toEqual({ start: '2026-11-23T14:00:00.000Z', label: '9:00 AM', available: true });
    expect(monday.at(-1).label).toBe('5:00 PM');
    expect(res.body.days.find((d: { date: string }) => d.date === '2026-11-29').slots).toEqual([]);
  });

  it('refuses bad parameters and unknown providers', async () => {
    const client = createClient(ctx);
    expect((await client.get(`/api/providers/${providerId}/availability?days=99`)).status).toBe(400);
    expect((await client.get(`/api/providers/${providerId}/availability?from=tomorrow`)).status).toBe(400);
    expect((await client.get('/api/providers/999999/availability')).status).toBe(404);
  });
});

describe('holding a slot', () => {
  it('prices from the stored service price plus the 3% fee and its 13% HST, ignoring any amount sent', async () => {
    const client = await customer();
    const res = await client.post('/api/create-payment-intent', holdBody(slot(9), { amount: 1 }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      amount: 22798,
      priceCents: 22050,
      feeCents: 662,
      currency: 'CAD',
      processor: 'sandbox',
    });
    expect(res.body.paymentIntentId).toMatch(/^pi_sbx_/);
    expect(res.body.referenceNumber).toMatch(/^TR-[2-9A-HJ-NP-Z]{6}$/);
  });

  it('books a service by id, and refuses a service the provider does not offer', async () => {
    const client = await customer();
    const byId = await client.post(
      '/api/create-payment-intent',
      holdBody(slot(10), { serviceId, serviceTitle: null }),
    );
    expect(byId.body.priceCents).toBe(12000);
    const unknown = await client.post(
      '/api/create-payment-intent',
      holdBody(slot(11), { serviceTitle: 'Roof Repair' }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('bookings.unknown_service');
  });

  it('uses the basic, premium and deluxe tiers when a provider lists no services', async () => {
    const client = await customer();
    const premium = await client.post(
      '/api/create-payment-intent',
      holdBody(slot(12), { providerId: tierProviderId, serviceTitle: 'Premium' }),
    );
    expect(premium.body.priceCents).toBe(10000);
    const deluxe = await client.post(
      '/api/create-payment-intent',
      holdBody(slot(13), { providerId: tierProviderId, serviceTitle: 'Deluxe' }),
    );
    expect(deluxe.body.priceCents).toBe(15000);
  });

  it.each([
    ['a past time', '2026-11-23T12:00:00.000Z', 'bookings.slot_in_past'],
    ['a time off the schedule', slot(19), 'bookings.slot_off_schedule'],
    ['a half hour', '2026-11-24T14:30:00.000Z', 'bookings.slot_off_schedule'],
    ['a Sunday', '2026-11-29T15:00:00.000Z', 'bookings.slot_off_schedule'],
    ['a time beyond 14 days', '2026-12-15T15:00:00.000Z', 'bookings.slot_too_far'],
  ])('refuses %s', async (_label, serviceDate, code) => {
    const res = await (await customer()).post('/api/create-payment-intent', holdBody(serviceDate));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });

  it('needs a signed-in customer', async () => {
    expect((await createClient(ctx).post('/api/create-payment-intent', holdBody(slot(14)))).status).toBe(401);
  });

  it('gives a slot to exactly one of 20 customers racing for it', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => customer()));
    const results = await Promise.all(
      clients.map((c) => c.post('/api/create-payment-intent', holdBody(slot(15)))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(results.find((r) => r.status === 409)!.body).toEqual({
      code: 'bookings.slot_taken',
      message: expect.stringContaining('That time was just taken'),
    });
    const unavailable = (
      await createClient(ctx).get(`/api/providers/${providerId}/availability`)
    ).body.days[1].slots.find((s: { start: string }) => s.start === slot(15));
    expect(unavailable.available).toBe(false);
  });

  it('keeps the same hold when the same customer presses Pay Now twice', async () => {
    const client = await customer();
    const a = await client.post('/api/create-payment-intent', holdBody(slot(16)));
    const b = await client.post('/api/create-payment-intent', holdBody(slot(16)));
    expect(b.status).toBe(200);
    expect(b.body.paymentIntentId).toBe(a.body.paymentIntentId);
    expect(b.body.bookingId).toBe(a.body.bookingId);
  });

  it('keeps one hold when Pay Now is pressed twice at the same moment (no 409 for your own hold)', async () => {
    const client = await customer();
    const presses = await Promise.all(
      Array.from({ length: 6 }, () => client.post('/api/create-payment-intent', holdBody(slot(17)))),
    );
    expect(presses.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(presses.map((p) => p.body.bookingId)).size).toBe(1);
    expect(new Set(presses.map((p) => p.body.paymentIntentId)).size).toBe(1);
  });

  it('frees the slot when an unpaid hold expires', async () => {
    const first = await customer();
    const second = await customer();
    const date = slot(8, '2026-11-25');
    expect((await first.post('/api/create-payment-intent', holdBody(date))).status).toBe(200);
    expect((await second.post('/api/create-payment-intent', holdBody(date))).status).toBe(409);
    clock.advance(11 * 60_000);
    try {
      expect((await second.post('/api/create-payment-intent', holdBody(date))).status).toBe(200);
    } finally {
      clock.advance(-11 * 60_000);
    }
  });
});

describe('paying', () => {
  it('refuses bad cards before any payment', async () => {
    const client = await customer();
    const bad = (body: Record<string, unknown>) =>
      client.post('/api/payments/sandbox/payment-methods', {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        ...body,
      });
    expect((await bad({ number: '4242424242424241' })).body.code).toBe('payments.invalid_number');
    expect((await bad({ expMonth: 1, expYear: 2020 })).body.code).toBe('payments.invalid_expiry');
    expect((await bad({ cvc: '12' })).status).toBe(400);
    expect((await bad({ number: '378282246310005', cvc: '123' })).body.code).toBe('payments.invalid_cvc');
  });

  it('declines 4000 0000 0000 0002 with the reason, books nothing, then succeeds with 4242 on retry', async () => {
    const client = await customer();
    const hold = await client.post('/api/create-payment-intent', holdBody(slot(8, '2026-11-26')));
    const declined = await client.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.body.paymentIntentId,
      paymentMethodId: await card(client, '4000 0000 0000 0002'),
    });
    expect(declined.status).toBe(402);
    // The same { code, message } shape as every other error.
    expect(declined.body).toEqual({
      code: 'payments.card_declined',
      message: 'Your card was declined.',
    });
    // Nothing is booked: the hold waits for a payment (My Bookings offers to continue paying).
    expect((await client.get('/api/bookings')).body.map((b: { status: string }) => b.status)).toEqual([
      'awaiting_payment',
    ]);

    const funds = await client.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.body.paymentIntentId,
      paymentMethodId: await card(client, '4000000000009995'),
    });
    expect(funds.body.code).toBe('payments.insufficient_funds');

    const ok = await client.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.body.paymentIntentId,
      paymentMethodId: await card(client, '4242424242424242'),
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      status: 'succeeded',
      bookingId: hold.body.bookingId,
      referenceNumber: hold.body.referenceNumber,
    });

    const [booking] = (await client.get('/api/bookings')).body;
    expect(booking).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'confirmed',
      totalCents: 22798,
      referenceNumber: hold.body.referenceNumber,
      providerName: 'Sparkle Co',
      serviceTime: '8:00 AM',
    });
    const mail = await lastEmailTo(ctx.database.db, 'chris@example.com');
    expect(mail?.kind).toBe('booking_confirmation');
    expect(mail?.textBody).toContain(hold.body.referenceNumber);
    expect(mail?.textBody).toContain('$227.98');
    expect(mail?.textBody).toMatch(/8:00.*ET/);

    const notes = (await client.get('/api/notifications')).body.map((n: { title: string }) => n.title);
    expect(notes).toEqual(expect.arrayContaining(['Booking confirmed', 'Payment received']));
    const owner = createClient(ctx, { ip: '10.30.0.1' });
    await owner.login('owner@example.com', DEMO_PASSWORD);
    expect((await owner.get('/api/notifications')).body.map((n: { title: string }) => n.title)).toContain(
      'New booking',
    );
  });

  it('never charges or books twice: repeated confirmations and POST /api/bookings answer the same booking', async () => {
    const client = await customer();
    const hold = await client.post('/api/create-payment-intent', holdBody(slot(9, '2026-11-26')));
    const pm = await card(client, '4242424242424242');
    const [a, b] = await Promise.all([
      client.post('/api/confirm-payment-intent', {
        paymentIntentId: hold.body.paymentIntentId,
        paymentMethodId: pm,
      }),
      client.post('/api/confirm-payment-intent', {
        paymentIntentId: hold.body.paymentIntentId,
        paymentMethodId: pm,
      }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await client.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.body.paymentIntentId,
      paymentMethodId: pm,
    });
    expect(again.body.bookingId).toBe(hold.body.bookingId);
    const viaBookings = await client.post('/api/bookings', {
      paymentIntentId: hold.body.paymentIntentId,
      status: 'confirmed',
    });
    const viaBookingsAgain = await client.post('/api/bookings', {
      paymentIntentId: hold.body.paymentIntentId,
    });
    expect(viaBookings.body.id).toBe(hold.body.bookingId);
    expect(viaBookingsAgain.body.id).toBe(hold.body.bookingId);
    const rows = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.paymentIntentId, hold.body.paymentIntentId));
    expect(rows).toHaveLength(1);
    const emails = (await emailsTo(ctx.database.db, 'chris@example.com')).filter((m) =>
      m.textBody.includes(hold.body.referenceNumber),
    );
    expect(emails).toHaveLength(1);
  });

  it('never creates a booking without a payment', async () => {
    const client = await customer();
    const res = await client.post('/api/bookings', {
      providerId,
      serviceDate: slot(10, '2026-11-26'),
      status: 'confirmed',
      paymentStatus: 'confirmed',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bookings.payment_required');
  });

  it('refunds a payment that arrives after its hold was lost to someone else, once', async () => {
    const late = await customer();
    const other = await customer();
    const date = slot(11, '2026-11-26');
    const hold = await late.post('/api/create-payment-intent', holdBody(date));
    clock.advance(11 * 60_000);
    try {
      expect((await other.post('/api/create-payment-intent', holdBody(date))).status).toBe(200);
      // The customer had paid at the processor just before expiry (e.g. through Stripe), then the server hears of it.
      await ctx.database.db
        .update(sandboxIntents)
        .set({ status: 'succeeded' })
        .where(eq(sandboxIntents.id, hold.body.paymentIntentId));
      const res = await late.post('/api/confirm-payment-intent', {
        paymentIntentId: hold.body.paymentIntentId,
      });
      expect(res.status).toBe(409);
      // Reconciliation finds the paid booking without its time and refunds it, once however often it runs.
      expect((await reconcilePayments(ctx.app.deps)).refunded).toBeGreaterThanOrEqual(1);
      expect(await runDueJobs(ctx)).toBeGreaterThanOrEqual(1);
      expect((await reconcilePayments(ctx.app.deps)).refunded).toBe(0);
      await runDueJobs(ctx);
      const [intent] = await ctx.database.db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.id, hold.body.paymentIntentId));
      expect(intent!.refundedCents).toBe(hold.body.amount);
      const [lost] = await ctx.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, hold.body.bookingId));
      expect(lost).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
    } finally {
      clock.advance(-11 * 60_000);
    }
  });
});

describe('reconciliation', () => {
  it('confirms a payment the server never heard of, once, and frees expired holds', async () => {
    const client = await customer();
    const hold = await client.post('/api/create-payment-intent', holdBody(slot(14, '2026-11-26')));
    // The processor took the money, then the server died before updating the booking.
    await ctx.database.db
      .update(sandboxIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxIntents.id, hold.body.paymentIntentId));
    clock.advance(2 * 60_000);
    try {
      expect((await reconcilePayments(ctx.app.deps)).confirmed).toBe(1);
      expect((await reconcilePayments(ctx.app.deps)).confirmed).toBe(0);
    } finally {
      clock.advance(-2 * 60_000);
    }
    expect((await client.get(`/api/bookings/${hold.body.bookingId}`)).body.status).toBe('confirmed');
    const mails = (await emailsTo(ctx.database.db, 'chris@example.com')).filter((m) =>
      m.textBody.includes(hold.body.referenceNumber),
    );
    expect(mails).toHaveLength(1);
  });
});

describe('ownership', () => {
  it("answers 404 for another customer's booking and payment", async () => {
    const owner = await customer();
    const stranger = await customer();
    const hold = await owner.post('/api/create-payment-intent', holdBody(slot(12, '2026-11-26')));
    await owner.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.body.paymentIntentId,
      paymentMethodId: await card(owner, '4242424242424242'),
    });
    expect((await stranger.get(`/api/bookings/${hold.body.bookingId}`)).status).toBe(404);
    expect(
      (await stranger.post('/api/bookings', { paymentIntentId: hold.body.paymentIntentId })).status,
    ).toBe(404);
    expect(
      (await stranger.post('/api/confirm-payment-intent', { paymentIntentId: hold.body.paymentIntentId }))
        .status,
    ).toBe(404);
    expect((await owner.get(`/api/bookings/${hold.body.bookingId}`)).status).toBe(200);
  });

  it("answers 404 for another user's notification", async () => {
    const owner = await customer();
    const stranger = await customer();
    const hold = await owner.post('/api/create-payment-intent', holdBody(slot(13, '2026-11-26')));
    await owner.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.body.paymentIntentId,
      paymentMethodId: await card(owner, '4242424242424242'),
    });
    const [note] = (await owner.get('/api/notifications')).body;
    expect((await stranger.patch(`/api/notifications/${note.id}`, { isRead: true })).status).toBe(404);
    expect((await stranger.delete(`/api/notifications/${note.id}`)).status).toBe(404);
    expect((await owner.patch(`/api/notifications/${note.id}`, { isRead: true })).body).toEqual({
      id: note.id,
      isRead: true,
    });
    expect((await owner.post('/api/notifications/read-all')).status).toBe(204);
    expect((await owner.get('/api/notifications')).body.every((n: { isRead: boolean }) => n.isRead)).toBe(
      true,
    );
    expect((await owner.delete(`/api/notifications/${note.id}`)).status).toBe(204);
  });

  it('keeps saved services per user', async () => {
    const a = await customer();
    const b = await customer();
    expect((await a.post('/api/saved-services', { providerId })).status).toBe(201);
    expect((await a.post('/api/saved-services', { providerId })).status).toBe(201);
    expect((await a.get('/api/saved-services')).body.map((p: { id: number }) => p.id)).toEqual([providerId]);
    expect((await b.get('/api/saved-services')).body).toEqual([]);
    expect((await b.delete(`/api/saved-services/${providerId}`)).status).toBe(404);
    expect((await a.post('/api/saved-services', { providerId: 999999 })).status).toBe(404);
    // An id past PostgreSQL's integer is refused here, not by the database (a 500 the API fuzz found).
    for (const [path, body] of [
      ['/api/saved-services', { providerId: 484945060263256 }],
      ['/api/create-payment-intent', { providerId: 2 ** 31, serviceDate: '2026-12-01T15:00:00Z' }],
      ['/api/create-payment-intent', { providerId, serviceId: 2 ** 31, serviceDate: '2026-12-01T15:00:00Z' }],
    ] as const) {
      const tooLarge = await a.post(path, body);
      expect(tooLarge.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(tooLarge.body.message).toMatch(/(providerId|serviceId) is too large/);
    }
    expect((await a.delete(`/api/saved-services/${providerId}`)).status).toBe(204);
    expect((await createClient(ctx).get('/api/saved-services')).status).toBe(401);
  });
});

describe('the database', () => {
  it('never holds two live bookings of one provider that overlap in time', async () => {
    const live = await ctx.database.db
      .select({ start: bookings.serviceDate, end: bookings.endsAt })
      .from(bookings)
      .where(and(eq(bookings.providerId, providerId), eq(bookings.status, 'confirmed')));
    const sorted = live.sort((a, b) => a.start.getTime() - b.start.getTime());
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i]!.start.getTime()).toBeGreaterThanOrEqual(sorted[i - 1]!.end.getTime());
  });
});
