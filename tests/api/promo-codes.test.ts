import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import type { MoneyLine } from '../../src/shared/domain/price-lines';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { AT_HOME } from '../support/service-address';

// Issue 20, promo codes (DECISIONS 24): admins manage them, the server checks and applies them, a use
// is held by the hold and made by the payment, exactly once for the last one, and given back by a full
// refund.

const START = '2026-11-23T12:00:00Z'; // Monday 7:00 AM in Toronto
const clock = fixedClock(START);
const DAY = 86_400_000;
let ctx: TestContext;
let admin: Client;
let cleaningId: number;
let torontoCleanerId: number;
let ottawaCleanerId: number;
let detailerId: number;
let people = 0;
let hour = 0;

const customer = (): Promise<Customer> => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `promo${n}@example.com`,
    fullName: `Pat Promo${n}`,
    ip: `10.93.${Math.floor(n / 200)}.${n % 200}`,
  });
};
/** A new free hour each time, Tuesday to Saturday, 8 AM to 5 PM Toronto. */
const nextSlot = () => {
  const n = hour++;
  return new Date(Date.UTC(2026, 10, 24 + (Math.floor(n / 10) % 5), 13 + (n % 10))).toISOString();
};
const hold = (
  client: Customer,
  providerId: number,
  extra: Record<string, unknown> = {},
  serviceDate = nextSlot(),
) =>
  client.post('/api/create-payment-intent', {
    providerId,
    serviceDate,
    customerName: 'Pat Promo',
    customerEmail: client.email,
    ...AT_HOME,
    ...extra,
  });
const validate = (client: Customer, code: string, providerId = torontoCleanerId, serviceId?: number) =>
  client.post('/api/promo-codes/validate', { code, providerId, serviceId });
const amounts = (lines: MoneyLine[]) => Object.fromEntries(lines.map((l) => [l.kind, l.amount]));
const days = (n: number) => new Date(Date.parse(START) + n * DAY).toISOString();
const promotion = (values: Record<string, unknown>) =>
  admin.post('/api/admin/promotions', {
    title: `Promotion ${values.code ?? 'without a code'}`,
    description: 'A promotion made by the tests.',
    startDate: days(-1),
    endDate: days(30),
    ...values,
  });

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const db = ctx.database.db;
  cleaningId = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
  const detailing = await insertCategory(db, { name: 'Car Detailing', slug: 'car-detailing' });
  torontoCleanerId = await insertProvider(db, {
    name: 'Toronto Cleaners',
    categoryId: cleaningId,
    city: 'toronto',
    services: [
      { name: 'Deep Cleaning', priceCents: 10_000 },
      { name: 'Quick Tidy', priceCents: 6_000 },
    ],
  });
  ottawaCleanerId = await insertProvider(db, {
    name: 'Ottawa Cleaners',
    categoryId: cleaningId,
    city: 'ottawa',
    services: [{ name: 'Deep Cleaning', priceCents: 10_000 }],
  });
  detailerId = await insertProvider(db, {
    name: 'Shine Detailing',
    categoryId: detailing,
    services: [{ name: 'Full Detail', priceCents: 20_000 }],
  });
  await insertUser(db, {
    email: 'promo.admin@example.com',
    fullName: 'Ada Admin',
    password: DEMO_PASSWORD,
    role: 'admin',
  });
  admin = createClient(ctx, { ip: '10.93.250.1' });
  // Remembered, so moving the clock by days keeps the session.
  const signedIn = await admin.post('/api/login', {
    email: 'promo.admin@example.com',
    password: DEMO_PASSWORD,
    remember: true,
  });
  expect(signedIn.status).toBe(200);
});
afterAll(() => ctx?.close());

describe('admins manage promotions, recorded in the audit log', () => {
  it('creates, schedules, edits and deactivates promotions; refuses bad terms with the field and reason', async () => {
    const created = await promotion({
      code: 'save20',
      discountType: 'percent',
      discountValue: 20,
      minSpend: 7_500,
      categoryIds: [cleaningId],
      maxUsesPerCustomer: 3,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      code: 'SAVE20',
      discountValue: 20,
      minSpend: 7_500,
      uses: 0,
      isActive: true,
    });
    const log = await admin.get('/api/admin/audit-log?action=promotion.created');
    expect(log.body.entries[0]).toMatchObject({
      targetType: 'promotion',
      targetId: String(created.body.id),
      after: { code: 'SAVE20', discountType: 'percent', discountValue: 20 },
    });

    for (const [values, message] of [
      [{ code: 'NODISC' }, 'A code needs a discount'],
      [{ code: 'BIG', discountType: 'percent', discountValue: 150 }, 'A percentage is at most 100'],
      [
        { code: 'BACKWARDS', discountType: 'fixed', discountValue: 500, endDate: days(-2) },
        'The end must be after the start',
      ],
      [
        { code: 'x y', discountType: 'fixed', discountValue: 500 },
        'A code is 3 to 20 letters, digits or dashes',
      ],
    ] as const) {
      const refused = await promotion(values);
      expect(refused.status, JSON.stringify(values)).toBe(400);
      expect(refused.body.message).toContain(message);
    }
    const twice = await promotion({ code: 'SAVE20', discountType: 'fixed', discountValue: 100 });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('promotions.code_taken');
    const unknownCategory = await promotion({
      code: 'NOWHERE',
      discountType: 'fixed',
      discountValue: 100,
      categoryIds: [99999],
    });
    expect(unknownCategory.status).toBe(400);

    const paused = await admin.patch(`/api/admin/promotions/${created.body.id}`, { isActive: false });
    expect(paused.status).toBe(200);
    expect(paused.body.isActive).toBe(false);
    const changedLog = await admin.get(
      `/api/admin/audit-log?action=promotion.updated&targetId=${created.body.id}`,
    );
    expect(changedLog.body.entries[0]).toMatchObject({
      before: { isActive: true },
      after: { isActive: false },
    });
    const badPatch = await admin.patch(`/api/admin/promotions/${created.body.id}`, { discountType: null });
    expect(badPatch.status).toBe(400);
    expect((await admin.patch(`/api/admin/promotions/${created.body.id}`, { isActive: true })).status).toBe(
      200,
    );
    expect((await admin.patch('/api/admin/promotions/999999', { isActive: true })).status).toBe(404);

    const listed = await admin.get('/api/admin/promotions');
    expect(listed.body.map((p: { code: string | null }) => p.code)).toContain('SAVE20');
    const stranger = await customer();
    expect((await stranger.get('/api/admin/promotions')).status).toBe(403);
    expect((await stranger.post('/api/admin/promotions', {})).status).toBe(403);
  });

  it('schedules announcements and takes them down', async () => {
    const later = await admin.post('/api/admin/announcements', {
      title: 'Holiday hours',
      content: 'Support answers until 6 PM ET over the holidays.',
      type: 'info',
      publishedAt: days(2),
    });
    expect(later.status).toBe(200);
    const titles = async () =>
      ((await ctx.app.inject({ url: '/api/announcements' })).json() as { title: string }[]).map(
        (a) => a.title,
      );
    expect(await titles()).not.toContain('Holiday hours');
    clock.set(days(2));
    try {
      expect(await titles()).toContain('Holiday hours');
      const down = await admin.patch(`/api/admin/announcements/${later.body.id}`, { isActive: false });
      expect(down.status).toBe(200);
      expect(await titles()).not.toContain('Holiday hours');
    } finally {
      clock.set(START);
    }
    const log = await admin.get(`/api/admin/audit-log?targetType=announcement&targetId=${later.body.id}`);
    expect(log.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'announcement.updated',
      'announcement.created',
    ]);
  });
});

describe('a customer checks a code', () => {
  beforeAll(async () => {
    for (const values of [
      { code: 'TENOFF', discountType: 'fixed', discountValue: 1_000, cities: ['toronto'] },
      { code: 'LATER', discountType: 'percent', discountValue: 10, startDate: days(3) },
      { code: 'OLD', discountType: 'percent', discountValue: 10, startDate: days(-20), endDate: days(-10) },
      { code: 'PAUSED', discountType: 'percent', discountValue: 10, isActive: false },
    ])
      expect((await promotion(values)).status).toBe(200);
  });

  it('answers the discount in cents and the price it makes', async () => {
    const client = await customer();
    const res = await validate(client, 'save20');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'SAVE20', discountCents: 2_000 });
    expect(amounts(res.body.lines)).toEqual({
      service: 10_000,
      discount: -2_000,
      service_fee: 240,
      hst_fee: 31,
    });
    expect(res.body.totalCents).toBe(8_271);
  });

  it.each([
    ['NOSUCHCODE', 'toronto', undefined, 404, 'promo.unknown', /does not exist/],
    ['OLD', 'toronto', undefined, 409, 'promo.expired', /has expired/],
    ['PAUSED', 'toronto', undefined, 409, 'promo.expired', /has expired/],
    ['LATER', 'toronto', undefined, 409, 'promo.expired', /not valid yet/],
    ['SAVE20', 'detailer', undefined, 409, 'promo.not_applicable', /not valid for Car Detailing/],
    ['TENOFF', 'ottawa', undefined, 409, 'promo.not_applicable', /not valid in Ottawa/],
    ['SAVE20', 'toronto', 'tidy', 409, 'promo.not_applicable', /at least \$75\.00/],
  ] as const)('%s at %s (%s): %i %s', async (code, where, service, status, reason, message) => {
    const client = await customer();
    const providerId =
      where === 'detailer' ? detailerId : where === 'ottawa' ? ottawaCleanerId : torontoCleanerId;
    const provider = (await client.get(`/api/providers/${providerId}`)).body;
    const serviceId = service === 'tidy' ? provider.services[1].id : undefined;
    const res = await validate(client, code, providerId, serviceId);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(reason);
    expect(res.body.message).toMatch(message);
    // The hold refuses it the same way, and holds nothing.
    const held = await hold(client, providerId, { promoCode: code, serviceId });
    expect(held.status).toBe(status);
    expect(held.body.code).toBe(reason);
    expect((await client.get('/api/bookings')).body).toEqual([]);
  });

  it('needs a signed-in customer', async () => {
    const visitor = createClient(ctx, { ip: '10.93.251.1' });
    expect(
      (await visitor.post('/api/promo-codes/validate', { code: 'SAVE20', providerId: torontoCleanerId }))
        .status,
    ).toBe(401);
  });
});

describe('applying a code at checkout', () => {
  it('is done by the server: the discount line, the amount charged, and a client-sent discount refused', async () => {
    const client = await customer();
    const tampered = await hold(client, torontoCleanerId, { promoCode: 'SAVE20', discountCents: 9_000 });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toContain('A discount comes only from a promo code, applied by Trillium');
    const alsoTampered = await hold(client, torontoCleanerId, { discount: 9_000 });
    expect(alsoTampered.status).toBe(400);
    const res = await hold(client, torontoCleanerId, { promoCode: ' save20 ', amount: 1 });
    expect(res.status).toBe(200);
    expect(res.body.promoCode).toBe('SAVE20');
    expect(res.body.lines).toContainEqual({ kind: 'discount', label: 'Promo code SAVE20', amount: -2_000 });
    expect(res.body.amount).toBe(8_271);
  });

  it('counts the use when the payment succeeds; a full refund gives it back', async () => {
    const once = await promotion({
      code: 'ONCE',
      discountType: 'fixed',
      discountValue: 1_500,
      maxUsesPerCustomer: 1,
    });
    const client = await customer();
    const paid = await bookAndPay(client, {
      providerId: torontoCleanerId,
      serviceDate: nextSlot(),
      extra: { ...AT_HOME, promoCode: 'ONCE' },
    });
    const booking = (await client.get(`/api/bookings/${paid.bookingId}`)).body;
    expect(booking).toMatchObject({ discountCents: 1_500, totalCents: 8_788 });
    const row = (await admin.get('/api/admin/promotions')).body.find(
      (p: { id: number }) => p.id === once.body.id,
    );
    expect(row).toMatchObject({ uses: 1, held: 0 });
    const again = await validate(client, 'ONCE');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'promo.limit_reached',
      message: 'You have already used this promo code.',
    });
    // More than 24 hours before: cancelled with a full refund, the use comes back.
    const cancelled = await client.post(`/api/bookings/${paid.bookingId}/cancel`, {});
    expect(cancelled.body.refundAmount).toBe(8_788);
    expect((await validate(client, 'ONCE')).status).toBe(200);
    const after = (await admin.get('/api/admin/promotions')).body.find(
      (p: { id: number }) => p.id === once.body.id,
    );
    expect(after).toMatchObject({ uses: 0, held: 0 });
  });

  it('a hold keeps the use until its payment can no longer happen', async () => {
    await promotion({ code: 'SOLO', discountType: 'fixed', discountValue: 500, maxUses: 1 });
    const first = await customer();
    const second = await customer();
    const slot = nextSlot();
    expect((await hold(first, torontoCleanerId, { promoCode: 'SOLO' }, slot)).status).toBe(200);
    const blocked = await validate(second, 'SOLO');
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({
      code: 'promo.limit_reached',
      message: 'This promo code has been fully redeemed.',
    });
    // The first customer holds the same time without the code: the first hold goes, its payment is voided.
    expect((await hold(first, torontoCleanerId, {}, slot)).status).toBe(200);
    await runDueJobs(ctx);
    expect((await validate(second, 'SOLO')).status).toBe(200);
  });
});

describe('the last use of a code', () => {
  it('goes to exactly one of 20 customers racing for it', async () => {
    const last = await promotion({
      code: 'LASTONE',
      discountType: 'fixed',
      discountValue: 2_500,
      maxUses: 1,
    });
    const racers = await Promise.all(Array.from({ length: 20 }, () => customer()));
    const slots = racers.map(() => nextSlot());
    const answers = await Promise.all(
      racers.map((racer, i) =>
        hold(racer, i % 2 === 0 ? torontoCleanerId : ottawaCleanerId, { promoCode: 'LASTONE' }, slots[i]),
      ),
    );
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'promo.limit_reached')).toHaveLength(19);
    const winner = racers[answers.indexOf(winners[0]!)]!;
    const card = await winner.post('/api/payments/sandbox/payment-methods', {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    const paid = await winner.post('/api/confirm-payment-intent', {
      paymentIntentId: winners[0]!.body.paymentIntentId,
      paymentMethodId: card.body.id,
    });
    expect(paid.status).toBe(200);
    const row = (await admin.get('/api/admin/promotions')).body.find(
      (p: { id: number }) => p.id === last.body.id,
    );
    expect(row).toMatchObject({ uses: 1, held: 0 });
  });
});
