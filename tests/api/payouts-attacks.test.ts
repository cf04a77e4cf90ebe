import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { partnerBalance } from '../../src/server/modules/earnings/earnings.repository';
import type { PayoutProcessor, PayoutRequest } from '../../src/server/modules/earnings/earnings.processor';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';

// Issue 22 reviewed as a hostile user and an unlucky operator: concurrent runs and retries, bad ids,
// refunds after a payout, CSV injection and odd ranges, the seller's tax details.

// Monday 23 November 2026, 7:00 AM in Toronto (EST, UTC-5).
const clock = fixedClock('2026-11-23T12:00:00Z');
const HOUR = 3_600_000;
const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

let ctx: TestContext;
let salonId: number;
let trickyId: number;
let partner: Client;
let tricky: Client;
let admin: Client;
let people = 0;
/** How the payout processor answers: pays, refuses with a reason, or is away (throws). */
let mode: { kind: 'pay' } | { kind: 'refuse'; reason: string } | { kind: 'away' } = { kind: 'pay' };
const sent: PayoutRequest[] = [];

const processor: PayoutProcessor = {
  kind: 'sandbox',
  async send(request) {
    sent.push(request);
    // A slow processor widens any race between two callers.
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (mode.kind === 'away') throw new Error('processor unreachable');
    if (mode.kind === 'refuse') return { status: 'failed', reason: mode.reason };
    return { status: 'paid', externalId: `po_test_${request.idempotencyKey}` };
  },
};

const customer = (): Promise<Customer> => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `attack${n}@example.com`,
    fullName: `Ava Attack${n}`,
    ip: `10.81.${Math.floor(n / 200)}.${n % 200}`,
  });
};

async function signedIn(email: string, ip: string) {
  const client = createClient(ctx, { ip });
  const res = await client.post('/api/login', { email, password: DEMO_PASSWORD, remember: true });
  expect(res.status).toBe(200);
  return client;
}

async function earningsOf(client: Client) {
  const res = await client.get('/api/partner/earnings');
  expect(res.status).toBe(200);
  return res.body as {
    availableCents: number;
    pendingCents: number;
    paidCents: number;
    bookings: { bookingId: number; state: string; netCents: number; refundedCents: number }[];
  };
}

async function ledgerBalanced() {
  const res = await admin.get('/api/admin/ledger/check');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ balanced: true, unbalanced: [] });
}

async function shownIsLedger(client: Client, providerId: number) {
  const shown = await earningsOf(client);
  expect(await partnerBalance(ctx.database.db, providerId)).toBe(shown.availableCents + shown.pendingCents);
}

/** A booking paid and completed by the partner right at its start. */
async function bookCompleted(providerId: number, owner: Client, date: string, hour: number) {
  const c = await customer();
  const { bookingId, referenceNumber } = await bookAndPay(c, { providerId, serviceDate: at(hour, date) });
  clock.set(at(hour, date));
  const done = await owner.patch(`/api/partner/bookings/${bookingId}`, { action: 'complete' });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { bookingId, reference: referenceNumber, customer: c };
}

const csvRows = (text: string) => text.trim().split('\r\n');

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    payouts: processor,
    seed: async ({ db }) => {
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      const owner = await insertUser(db, {
        email: 'attack.owner@example.com',
        fullName: 'Sam Salon',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      const owner2 = await insertUser(db, {
        email: 'tricky.owner@example.com',
        fullName: 'Tia Tricky',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      await insertUser(db, {
        email: 'attack.admin@example.com',
        fullName: 'Alex Admin',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
      salonId = await insertProvider(db, {
        name: 'Queen West Salon',
        categoryId: salon,
        ownerUserId: owner,
        streetAddress: '800 Queen St W',
        hstNumber: '123456782RT0001',
        services: [{ name: 'Haircut', priceCents: 10000 }],
      });
      trickyId = await insertProvider(db, {
        name: '=HYPERLINK("http://evil.test","Salon")',
        categoryId: salon,
        ownerUserId: owner2,
        streetAddress: '1 King St W',
        services: [{ name: '=cmd|\' /C calc\'!A0, "cut"\nand colour', priceCents: 5000 }],
      });
    },
  });
  partner = await signedIn('attack.owner@example.com', '10.80.0.1');
  tricky = await signedIn('tricky.owner@example.com', '10.80.0.3');
  admin = await signedIn('attack.admin@example.com', '10.80.0.2');
});
afterAll(() => ctx.close());

describe('running payouts and retrying them at once', () => {
  it('two runs at once pay each available balance once', async () => {
    await bookCompleted(salonId, partner, '2026-11-24', 10);
    clock.set('2026-11-30T14:00:00Z');
    const [a, b] = await Promise.all([
      admin.post('/api/admin/payouts/run', {}),
      admin.post('/api/admin/payouts/run', {}),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.created + b.body.created).toBe(1);
    expect(a.body.totalCents + b.body.totalCents).toBe(11300);
    expect((await partner.get('/api/partner/payouts')).body).toHaveLength(1);
    expect((await earningsOf(partner)).paidCents).toBe(11300);
    await ledgerBalanced();
    await shownIsLedger(partner, salonId);
  });

  it('two retries of a failed payout at once send it once; a paid one is refused with 409', async () => {
    await bookCompleted(salonId, partner, '2026-12-01', 10);
    clock.set('2026-12-07T14:00:00Z');
    mode = { kind: 'refuse', reason: 'The bank account is closed.' };
    const run = await admin.post('/api/admin/payouts/run', {});
    expect(run.body).toMatchObject({ created: 1, failed: 1 });
    const [failed] = (await admin.get('/api/admin/payouts?state=failed')).body;
    mode = { kind: 'pay' };
    const before = sent.length;
    const [a, b] = await Promise.all([
      admin.post(`/api/admin/payouts/${failed.id}/retry`, {}),
      admin.post(`/api/admin/payouts/${failed.id}/retry`, {}),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toMatchObject({ code: 'payouts.not_failed', message: expect.any(String) });
    expect(sent.slice(before).map((s) => s.idempotencyKey)).toEqual([`payout-${failed.id}-2`]);
    const paid = await admin.post(`/api/admin/payouts/${failed.id}/retry`, {});
    expect(paid.status).toBe(409);
    expect(paid.body.code).toBe('payouts.not_failed');
    expect((await earningsOf(partner)).paidCents).toBe(2 * 11300);
    await ledgerBalanced();
    await shownIsLedger(partner, salonId);
  });

  it('a processor that is away leaves the payout pending: a retry is refused, a second run pays nothing more, the send job pays it once', async () => {
    await bookCompleted(salonId, partner, '2026-12-08', 10);
    clock.set('2026-12-14T14:00:00Z');
    mode = { kind: 'away' };
    const run = await admin.post('/api/admin/payouts/run', {});
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ created: 1, paid: 0, failed: 0 });
    const [pending] = (await admin.get('/api/admin/payouts?state=pending')).body;
    expect(pending).toBeDefined();
    const retry = await admin.post(`/api/admin/payouts/${pending.id}/retry`, {});
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ code: 'payouts.not_failed', message: expect.any(String) });
    // The operator, restarting after the outage, runs it again: nothing more is decided.
    mode = { kind: 'pay' };
    expect((await admin.post('/api/admin/payouts/run', {})).body).toMatchObject({ created: 0 });
    await runDueJobs(ctx);
    await runDueJobs(ctx);
    const after = (await admin.get(`/api/admin/payouts`)).body.find(
      (p: { id: number }) => p.id === pending.id,
    );
    expect(after.state).toBe('paid');
    const keys = sent.filter((s) => s.payoutId === pending.id).map((s) => s.idempotencyKey);
    // Every attempt to send it used one key: the processor pays it once.
    expect(new Set(keys)).toEqual(new Set([`payout-${pending.id}-1`]));
    expect((await earningsOf(partner)).paidCents).toBe(3 * 11300);
    await ledgerBalanced();
    await shownIsLedger(partner, salonId);
  });

  it('a retry with an id that is not one is a 400, an unknown one a 404, never a 500', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%20']) {
      const res = await admin.post(`/api/admin/payouts/${id}/retry`, {});
      expect(res.status, id).toBe(400);
      expect(res.body, id).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const unknown = await admin.post('/api/admin/payouts/2147483647/retry', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('payouts.not_found');
    expect((await partner.post('/api/admin/payouts/1/retry', {})).status).toBe(403);
    expect((await createClient(ctx).post('/api/admin/payouts/1/retry', {})).status).toBe(401);
    expect((await admin.get('/api/admin/payouts?state=lost')).status).toBe(400);
  });
});

describe('a refund after the money was paid out', () => {
  it('a dispute opened as the earnings were paid and settled for the customer: the balance goes negative, shown, and the next payout nets it', async () => {
    // Completed by the partner at its start, so available 48 hours later, when the customer may still
    // report that the professional never came.
    const { bookingId, customer: c } = await bookCompleted(salonId, partner, '2026-12-15', 10);
    clock.set(new Date(new Date(at(10, '2026-12-15')).getTime() + 48 * HOUR).toISOString());
    const run = await admin.post('/api/admin/payouts/run', {});
    expect(run.body).toMatchObject({ created: 1, paid: 1, totalCents: 11300 });
    const reported = await c.post(`/api/bookings/${bookingId}/report-no-show`, {});
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const resolved = await admin.patch(`/api/admin/bookings/${bookingId}`, { action: 'resolve_refund' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    const shown = await earningsOf(partner);
    const row = shown.bookings.find((b) => b.bookingId === bookingId)!;
    expect(row).toMatchObject({ netCents: 0, refundedCents: 11300 });
    expect(shown.availableCents + shown.pendingCents).toBe(-11300);
    await ledgerBalanced();
    await shownIsLedger(partner, salonId);
    // Nothing is paid while the balance is negative, and a later booking first repays it.
    clock.advance(3 * 24 * HOUR);
    expect((await admin.post('/api/admin/payouts/run', {})).body).toMatchObject({ created: 0 });
    await bookCompleted(salonId, partner, '2026-12-29', 10);
    await bookCompleted(salonId, partner, '2026-12-29', 13);
    clock.set('2027-01-04T14:00:00Z');
    const next = await admin.post('/api/admin/payouts/run', {});
    expect(next.body).toMatchObject({ created: 1, totalCents: 11300 });
    await ledgerBalanced();
    await shownIsLedger(partner, salonId);
  });
});

describe('CSV exports', () => {
  it('text a spreadsheet would run is defused and quoted; amounts, negative ones too, stay numbers', async () => {
    clock.set('2027-01-05T15:00:00Z');
    tricky = await signedIn('tricky.owner@example.com', '10.80.0.3');
    const c = await customer();
    await bookAndPay(c, { providerId: trickyId, serviceDate: at(10, '2027-01-06') });
    const saved = await tricky.put('/api/partner/tax-details', {
      legalName: '@SUM(1+1)*cmd|calc',
      businessNumber: null,
      address: { street: '+1 King St W', unit: '-2', city: 'Toronto', province: 'ON', postalCode: 'M5H 1A1' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const mine = await tricky.get('/api/partner/earnings.csv');
    expect(mine.status).toBe(200);
    const [, row] = csvRows(mine.raw.body);
    expect(row).toContain(`"'=cmd|' /C calc'!A0, ""cut""\nand colour"`);

    const ledger = await admin.get('/api/admin/ledger.csv');
    expect(ledger.status).toBe(200);
    const amounts = csvRows(ledger.raw.body)
      .slice(1)
      .map((line) => line.split(',').at(-1)!);
    expect(amounts.some((a) => a.startsWith('-') || a.startsWith("'-"))).toBe(true);
    for (const amount of amounts) expect(amount).toMatch(/^-?\d+\.\d{2}$/);

    const sellers = await admin.get('/api/admin/reports/sellers.csv?year=2027');
    expect(sellers.status).toBe(200);
    const text = sellers.raw.body as string;
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""Salon"")"`);
    expect(text).toContain(`'@SUM(1+1)*cmd|calc`);
    expect(text).toContain(`'+1 King St W,-2,`);
    // No amount is turned into text.
    expect(text).not.toMatch(/,'-\d/);
  });

  it('odd ranges: the widest is fine, malformed ones are 400 with {code, message}, never a 500', async () => {
    // The widest range accepted holds every booking and every line.
    const all = await partner.get('/api/partner/earnings.csv');
    const widest = await partner.get('/api/partner/earnings.csv?from=2000-01-01&to=2999-12-31');
    expect(widest.status).toBe(200);
    expect(csvRows(widest.raw.body)).toEqual(csvRows(all.raw.body));
    expect(csvRows(all.raw.body).length).toBeGreaterThan(1);
    const ledgerAll = await admin.get('/api/admin/ledger.csv');
    const ledgerWidest = await admin.get('/api/admin/ledger.csv?from=2000-01-01&to=2999-12-31');
    expect(ledgerWidest.status).toBe(200);
    expect(csvRows(ledgerWidest.raw.body)).toEqual(csvRows(ledgerAll.raw.body));
    expect((await partner.get('/api/partner/earnings.csv?from=2026-11-30&to=2026-11-30')).status).toBe(200);
    for (const query of [
      'from=2026-12-02&to=2026-12-01',
      'from=2026-1-1',
      'from=20261101',
      'from=2026-11-01T00:00:00Z',
      'from=2026-11-01&from=2026-11-02',
      'to=%00',
      "from=2026-11-01'--",
      'from=+2026-11-01',
      // Days the server cannot turn into instants (the day after 9999-12-31 is no date: it was a 500).
      'from=0001-01-01&to=9999-12-31',
      'to=9999-12-31',
      'from=0099-01-01',
    ]) {
      for (const [client, path] of [
        [partner, '/api/partner/earnings.csv'],
        [admin, '/api/admin/ledger.csv'],
      ] as const) {
        const res = await client.get(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body, query).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
    }
    for (const year of ['abc', '2019', '2101', '2026.5', '', '2026&year=2027', '1e9']) {
      const res = await admin.get(`/api/admin/reports/sellers.csv?year=${year}`);
      expect(res.status, year).toBe(400);
      expect(res.body, year).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe("the seller's tax details", () => {
  const address = {
    street: '800 Queen St W',
    unit: null,
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M6J 1E5',
  };

  it('visitors get 401, customers 403; a partner reads only their own', async () => {
    expect((await createClient(ctx).get('/api/partner/tax-details')).status).toBe(401);
    expect(
      (await createClient(ctx).put('/api/partner/tax-details', { legalName: 'X Y', address })).status,
    ).toBe(401);
    const c = await customer();
    expect((await c.get('/api/partner/tax-details')).status).toBe(403);
    expect((await c.put('/api/partner/tax-details', { legalName: 'Ava Attack', address })).status).toBe(403);
    expect(
      (await partner.put('/api/partner/tax-details', { legalName: 'Sam Salon Inc.', address })).status,
    ).toBe(200);
    expect((await tricky.get('/api/partner/tax-details')).body.legalName).toBe('@SUM(1+1)*cmd|calc');
    expect((await partner.get('/api/partner/tax-details')).body.legalName).toBe('Sam Salon Inc.');
  });

  it('a huge body is refused, and so is a social insurance number written where a name or address goes', async () => {
    const huge = await partner.put('/api/partner/tax-details', { legalName: 'x'.repeat(2_000_000), address });
    expect([400, 413]).toContain(huge.status);
    expect(huge.body.code).toBeTypeOf('string');
    const long = await partner.put('/api/partner/tax-details', { legalName: 'x'.repeat(201), address });
    expect(long.status).toBe(400);
    for (const body of [
      { legalName: 'Sam Salon 046 454 286', address },
      { legalName: 'Sam Salon SIN 046-454-286', address },
      { legalName: 'Sam Salon', address: { ...address, street: '046454286 Queen St W' } },
      { legalName: 'Sam Salon', address: { ...address, unit: '046 454 286' } },
    ]) {
      const res = await partner.put('/api/partner/tax-details', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBeTypeOf('string');
    }
    expect((await partner.get('/api/partner/tax-details')).body.legalName).toBe('Sam Salon Inc.');
  });
});

describe('a booking paid entirely by a promo code', () => {
  it('cancelled before its time, it earns the partner nothing', async () => {
    clock.set('2027-01-10T14:00:00Z');
    admin = await signedIn('attack.admin@example.com', '10.80.0.2');
    partner = await signedIn('attack.owner@example.com', '10.80.0.1');
    const created = await admin.post('/api/admin/promotions', {
      title: 'All on us',
      description: 'A promotion that pays the whole service.',
      startDate: '2027-01-01T00:00:00.000Z',
      endDate: '2027-03-31T00:00:00.000Z',
      code: 'FREE100',
      discountType: 'percent',
      discountValue: 100,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const c = await customer();
    const { bookingId } = await bookAndPay(c, {
      providerId: salonId,
      serviceDate: at(10, '2027-01-20'),
      extra: { promoCode: 'FREE100' },
    });
    // Trillium's promotions account paid the whole service: the partner earns it once it is done.
    expect((await earningsOf(partner)).bookings.find((b) => b.bookingId === bookingId)).toMatchObject({
      grossCents: 10000,
      netCents: 10000,
      state: 'pending',
    });
    const cancelled = await c.post(`/api/bookings/${bookingId}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // Cancelled in full: nothing went back to a card, and nothing is left for the partner either.
    clock.advance(3 * 24 * HOUR);
    expect((await earningsOf(partner)).bookings.find((b) => b.bookingId === bookingId)).toMatchObject({
      netCents: 0,
      refundedCents: 10000,
      state: 'reversed',
    });
    await admin.post('/api/admin/payouts/run', {});
    const payouts = (await partner.get('/api/partner/payouts')).body as { bookingIds: number[] }[];
    expect(payouts.filter((p) => p.bookingIds.includes(bookingId))).toEqual([]);
    await ledgerBalanced();
    await shownIsLedger(partner, salonId);
  });
});

describe('causes replayed and moved', () => {
  it('a reschedule and a replayed confirmation write nothing more; a cancellation after a reschedule reverses it once', async () => {
    clock.set('2027-02-01T14:00:00Z');
    admin = await signedIn('attack.admin@example.com', '10.80.0.2');
    partner = await signedIn('attack.owner@example.com', '10.80.0.1');
    const c = await customer();
    const { bookingId, paymentIntentId, referenceNumber } = await bookAndPay(c, {
      providerId: salonId,
      serviceDate: at(10, '2027-02-10'),
    });
    const linesOf = async () =>
      csvRows((await admin.get('/api/admin/ledger.csv')).raw.body).filter((l) =>
        l.includes(`,${referenceNumber},`),
      );
    const paid = await linesOf();
    expect(paid.length).toBeGreaterThan(0);
    // The browser's confirmation, replayed.
    expect((await c.post('/api/confirm-payment-intent', { paymentIntentId })).status).toBe(200);
    const moved = await c.post(`/api/bookings/${bookingId}/reschedule`, {
      serviceDate: at(13, '2027-02-11'),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await linesOf()).toEqual(paid);
    expect((await c.post(`/api/bookings/${bookingId}/cancel`, {})).status).toBe(200);
    expect((await c.post(`/api/bookings/${bookingId}/cancel`, {})).status).toBe(200);
    const after = await linesOf();
    const refundEvents = new Set(after.filter((l) => l.includes(',refund,')).map((l) => l.split(',')[2]));
    expect(refundEvents.size).toBe(1);
    expect(after.length).toBeGreaterThan(paid.length);
    expect((await earningsOf(partner)).bookings.find((b) => b.bookingId === bookingId)).toMatchObject({
      state: 'reversed',
      netCents: 0,
    });
    await ledgerBalanced();
    await shownIsLedger(partner, salonId);
  });

  it('a server down for three weeks runs the weekly payout once at its restart', async () => {
    const { createJobRunner } = await import('../../src/server/modules/jobs/jobs.runner');
    const { allJobHandlers, recurringJobs } = await import('../../src/server/jobs');
    const runner = () =>
      createJobRunner({
        db: ctx.app.deps.db,
        clock,
        log: ctx.app.log,
        handlers: allJobHandlers(ctx.app.deps, ctx.app.log),
        recurring: recurringJobs(60_000).filter((j) => j.kind === 'payouts.weekly'),
      });
    clock.set('2027-02-10T14:00:00Z');
    const { bookingId } = await bookCompleted(salonId, partner, '2027-02-16', 10);
    // Scheduled on Wednesday 17 February, then down until Tuesday 9 March.
    clock.set('2027-02-17T15:00:00Z');
    const before = runner();
    await before.scheduleRecurring();
    await before.stop();
    clock.set('2027-03-09T15:00:00Z');
    for (let i = 0; i < 2; i++) {
      const restarted = runner();
      await restarted.scheduleRecurring();
      await restarted.runDue();
      await restarted.stop();
    }
    partner = await signedIn('attack.owner@example.com', '10.80.0.1');
    admin = await signedIn('attack.admin@example.com', '10.80.0.2');
    const payouts = (await partner.get('/api/partner/payouts')).body as { bookingIds: number[] }[];
    expect(payouts.filter((p) => p.bookingIds.includes(bookingId))).toHaveLength(1);
    await ledgerBalanced();
  });
});
