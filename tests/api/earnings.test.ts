import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { createJobRunner } from '../../src/server/modules/jobs/jobs.runner';
import { allJobHandlers, recurringJobs } from '../../src/server/jobs';
import {
  createSandboxPayouts,
  type PayoutRequest,
} from '../../src/server/modules/earnings/earnings.processor';
import { EARNINGS_CSV_COLUMNS } from '../../src/server/modules/earnings/earnings.usecases';
import { partnerBalance } from '../../src/server/modules/earnings/earnings.repository';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';

// Issue 22: the earnings ledger and weekly payouts, through the API, with the clock moved by the test.

// Monday 23 November 2026, 7:00 AM in Toronto (EST, UTC-5).
const clock = fixedClock('2026-11-23T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Toronto wall-clock hour on a day of that week (EST), as an ISO instant. */
const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

let ctx: TestContext;
let salonId: number;
let partner: Client;
let admin: Client;
let people = 0;
/** The payout processor refuses while this says why. */
let refuseWith: string | null = null;
const sent: PayoutRequest[] = [];

const customer = (): Promise<Customer> => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `earn${n}@example.com`,
    fullName: `Erin Earn${n}`,
    ip: `10.71.${Math.floor(n / 200)}.${n % 200}`,
  });
};

async function signedIn(email: string, ip: string) {
  const client = createClient(ctx, { ip });
  const res = await client.post('/api/login', { email, password: DEMO_PASSWORD, remember: true });
  expect(res.status).toBe(200);
  return client;
}

async function earnings() {
  const res = await partner.get('/api/partner/earnings');
  expect(res.status).toBe(200);
  return res.body as {
    availableCents: number;
    pendingCents: number;
    paidCents: number;
    nextPayoutDate: string;
    bookings: {
      bookingId: number;
      reference: string;
      state: string;
      grossCents: number;
      feeCents: number;
      hstCents: number;
      refundedCents: number;
      netCents: number;
      payoutId: number | null;
      availableAt: string | null;
    }[];
  };
}
const row = async (bookingId: number) => (await earnings()).bookings.find((b) => b.bookingId === bookingId)!;

async function ledgerBalanced() {
  const res = await admin.get('/api/admin/ledger/check');
  expect(res.status).toBe(200);
  expect(res.body.unbalanced).toEqual([]);
  expect(res.body.balanced).toBe(true);
  return res.body as { bookingsChecked: number };
}

/** The partner's balance in the ledger is what they are shown: available plus pending. */
async function shownIsLedger() {
  const shown = await earnings();
  expect(await partnerBalance(ctx.database.db, salonId)).toBe(shown.availableCents + shown.pendingCents);
}

async function bookCompleted(date: string, hour: number) {
  const c = await customer();
  const { bookingId, referenceNumber } = await bookAndPay(c, {
    providerId: salonId,
    serviceDate: at(hour, date),
  });
  clock.set(new Date(new Date(at(hour, date)).getTime() + 90 * 60_000));
  const done = await partner.patch(`/api/partner/bookings/${bookingId}`, { action: 'complete' });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { bookingId, reference: referenceNumber, customer: c };
}

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    payouts: createSandboxPayouts({
      failWith: (request) => {
        sent.push(request);
        return refuseWith;
      },
    }),
    seed: async ({ db }) => {
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      const owner = await insertUser(db, {
        email: 'earn.owner@example.com',
        fullName: 'Sam Salon',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      await insertUser(db, {
        email: 'earn.admin@example.com',
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
    },
  });
  partner = await signedIn('earn.owner@example.com', '10.70.0.1');
  admin = await signedIn('earn.admin@example.com', '10.70.0.2');
});
afterAll(() => ctx.close());

describe('earnings from the ledger', () => {
  let first: { bookingId: number; reference: string };

  it('a payment writes balanced lines: the partner earns the service and its HST, pending until 2 days after completion', async () => {
    const c = await customer();
    const { bookingId, referenceNumber } = await bookAndPay(c, {
      providerId: salonId,
      serviceDate: at(10, '2026-11-24'),
    });
    first = { bookingId, reference: referenceNumber };
    const paid = await row(bookingId);
    // $100.00 service, 3% fee $3.00, HST 13% on the fee $0.39 and on the service $13.00.
    expect(paid).toMatchObject({
      reference: referenceNumber,
      state: 'pending',
      grossCents: 11639,
      feeCents: 300,
      hstCents: 39,
      refundedCents: 0,
      netCents: 11300,
      availableAt: null,
      payoutId: null,
    });
    expect(paid.grossCents - paid.feeCents - paid.hstCents - paid.refundedCents).toBe(paid.netCents);
    await ledgerBalanced();
    await shownIsLedger();

    // Completed by the partner at 11:30 on Tuesday: available on Thursday at 11:30.
    clock.set(at(11, '2026-11-24'));
    clock.advance(30 * 60_000);
    expect((await partner.patch(`/api/partner/bookings/${bookingId}`, { action: 'complete' })).status).toBe(
      200,
    );
    const completed = await row(bookingId);
    expect(completed.state).toBe('pending');
    expect(completed.availableAt).toBe(
      new Date(new Date(at(11, '2026-11-24')).getTime() + 30 * 60_000 + 2 * DAY).toISOString(),
    );
    expect((await earnings()).pendingCents).toBe(11300);

    clock.set(at(12, '2026-11-26'));
    const available = await earnings();
    expect(available.bookings.find((b) => b.bookingId === bookingId)!.state).toBe('available');
    expect(available.availableCents).toBe(11300);
    expect(available.pendingCents).toBe(0);
    // The next payout: Monday 30 November, 9:00 in Toronto.
    expect(available.nextPayoutDate).toBe('2026-11-30T14:00:00.000Z');
    await shownIsLedger();
  });

  it('a cancellation refunded in full is reversed in the same split and never paid out', async () => {
    clock.set(at(13, '2026-11-26'));
    const c = await customer();
    const { bookingId } = await bookAndPay(c, { providerId: salonId, serviceDate: at(10, '2026-11-30') });
    expect((await c.post(`/api/bookings/${bookingId}/cancel`, {})).status).toBe(200);
    expect(await row(bookingId)).toMatchObject({ state: 'reversed', netCents: 0, refundedCents: 11300 });
    await ledgerBalanced();
    await shownIsLedger();
  });

  it('the weekly run pays each available balance once, listing its bookings; running it again pays nothing', async () => {
    clock.set('2026-11-30T14:00:00Z');
    const run = await admin.post('/api/admin/payouts/run', {});
    expect(run.status).toBe(200);
    expect(run.body).toEqual({ created: 1, paid: 1, failed: 0, totalCents: 11300 });
    const again = await admin.post('/api/admin/payouts/run', {});
    expect(again.body).toEqual({ created: 0, paid: 0, failed: 0, totalCents: 0 });

    const payouts = await partner.get('/api/partner/payouts');
    expect(payouts.status).toBe(200);
    expect(payouts.body).toHaveLength(1);
    expect(payouts.body[0]).toMatchObject({
      amountCents: 11300,
      state: 'paid',
      bookingIds: [first.bookingId],
    });
    const after = await earnings();
    expect(after).toMatchObject({ availableCents: 0, pendingCents: 0, paidCents: 11300 });
    expect(after.bookings.find((b) => b.bookingId === first.bookingId)).toMatchObject({
      state: 'paid',
      payoutId: payouts.body[0].id,
    });
    await ledgerBalanced();
    await shownIsLedger();
  });

  it('a failed payout gives the money back to the balance, shows its reason, and is sent again by Retry', async () => {
    const { bookingId } = await bookCompleted('2026-12-01', 10);
    clock.set('2026-12-07T14:00:00Z');
    refuseWith = 'The bank account is closed.';
    const run = await admin.post('/api/admin/payouts/run', {});
    expect(run.body).toMatchObject({ created: 1, paid: 0, failed: 1 });
    const failed = await admin.get('/api/admin/payouts?state=failed');
    expect(failed.status).toBe(200);
    expect(failed.body).toHaveLength(1);
    expect(failed.body[0]).toMatchObject({
      state: 'failed',
      failureReason: 'The bank account is closed.',
      providerName: 'Queen West Salon',
      bookingIds: [bookingId],
    });
    // The money is back: available again, not paid.
    expect(await row(bookingId)).toMatchObject({ state: 'available' });
    expect((await earnings()).availableCents).toBe(11300);
    await ledgerBalanced();
    await shownIsLedger();

    refuseWith = null;
    const retried = await admin.post(`/api/admin/payouts/${failed.body[0].id}/retry`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ state: 'paid', attempt: 2, failureReason: null });
    // Two attempts, two idempotency keys.
    const keys = sent.filter((s) => s.payoutId === failed.body[0].id).map((s) => s.idempotencyKey);
    expect(keys).toEqual([`payout-${failed.body[0].id}-1`, `payout-${failed.body[0].id}-2`]);
    expect(await row(bookingId)).toMatchObject({ state: 'paid' });
    expect((await earnings()).availableCents).toBe(0);
    const twice = await admin.post(`/api/admin/payouts/${failed.body[0].id}/retry`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('payouts.not_failed');
    expect((await admin.post('/api/admin/payouts/999999/retry', {})).status).toBe(404);
    await ledgerBalanced();
    await shownIsLedger();
  });

  it('the CSV has a header row and one row per booking in the range, its reference among the columns', async () => {
    const res = await partner.get('/api/partner/earnings.csv?from=2026-11-24&to=2026-11-24');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.raw.body.trim().split('\r\n');
    expect(lines[0]).toBe(EARNINGS_CSV_COLUMNS.join(','));
    expect(lines[0]).toBe(
      'reference,service_date,service,state,gross,service_fee,hst_on_fee,hst_on_service,refunded,net,available_at,payout_id',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${first.reference},2026-11-24,Haircut,paid,116.39,3.00,0.39,13.00,0.00,113.00,2026-11-26,\\d+$`,
      ),
    );
    const all = await partner.get('/api/partner/earnings.csv');
    expect(all.raw.body.trim().split('\r\n').length).toBe(1 + (await earnings()).bookings.length);
    for (const bad of [
      'from=2026-13-01',
      'from=yesterday',
      'from=2026-12-02&to=2026-12-01',
      'from=2026-02-30',
    ]) {
      const refused = await partner.get(`/api/partner/earnings.csv?${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.code).toBeTypeOf('string');
    }
    const ledger = await admin.get('/api/admin/ledger.csv');
    expect(ledger.status).toBe(200);
    expect(ledger.raw.body.split('\r\n')[0]).toBe(
      'entry_id,date,event,kind,account,provider_id,booking_reference,payout_id,amount',
    );
  });

  it("shows the platform's fee income and HST per month", async () => {
    const res = await admin.get('/api/admin/ledger/income');
    expect(res.status).toBe(200);
    const november = res.body.find((m: { month: string }) => m.month === '2026-11');
    // Three bookings paid in November, one of them refunded in full: two fees kept.
    expect(november).toMatchObject({ feeCents: 600, hstCents: 78, promotionsCents: 0 });
  });

  it('customers get 403 on the partner routes, partners 403 on the admin routes', async () => {
    const c = await customer();
    for (const url of ['/api/partner/earnings', '/api/partner/payouts', '/api/partner/earnings.csv'])
      expect((await c.get(url)).status, url).toBe(403);
    for (const url of ['/api/admin/payouts', '/api/admin/ledger/check', '/api/admin/ledger.csv'])
      expect((await partner.get(url)).status, url).toBe(403);
    expect((await partner.post('/api/admin/payouts/run', {})).status).toBe(403);
  });
});

describe('the weekly payout job', () => {
  it('runs once across two processes, and a restart days later runs what fell due once', async () => {
    const { bookingId } = await bookCompleted('2026-12-08', 10);
    // Two processes' runners on the same database, at Monday 14 December 9:05 in Toronto.
    clock.set('2026-12-14T14:05:00Z');
    const runner = () =>
      createJobRunner({
        db: ctx.app.deps.db,
        clock,
        log: ctx.app.log,
        handlers: allJobHandlers(ctx.app.deps, ctx.app.log),
        recurring: recurringJobs(60_000).filter((j) => j.kind === 'payouts.weekly'),
      });
    const [a, b] = [runner(), runner()];
    await Promise.all([a.scheduleRecurring(), b.scheduleRecurring()]);
    await Promise.all([a.runDue(), b.runDue()]);
    await a.stop();
    await b.stop();
    const mine = async () => (await partner.get('/api/partner/payouts')).body as { bookingIds: number[] }[];
    expect((await mine()).filter((p) => p.bookingIds.includes(bookingId))).toHaveLength(1);

    // Down from Sunday to Wednesday: at the restart, Monday's run (due, not yet run) runs once.
    const later = await bookCompleted('2026-12-15', 10);
    clock.set('2026-12-20T12:00:00Z');
    const beforeRestart = runner();
    await beforeRestart.scheduleRecurring();
    await beforeRestart.runDue();
    await beforeRestart.stop();
    expect((await mine()).filter((p) => p.bookingIds.includes(later.bookingId))).toHaveLength(0);
    clock.set('2026-12-23T12:00:00Z');
    const restarted = runner();
    await restarted.scheduleRecurring();
    await restarted.runDue();
    await restarted.stop();
    const again = runner();
    await again.scheduleRecurring();
    await again.runDue();
    await again.stop();
    expect((await mine()).filter((p) => p.bookingIds.includes(later.bookingId))).toHaveLength(1);
    await ledgerBalanced();
    await shownIsLedger();
  });
});

describe('CRA platform reporting (Part XX)', () => {
  it('the partner gives the seller details (no SIN), and admins export the annual seller report', async () => {
    expect((await partner.get('/api/partner/tax-details')).body).toBeNull();
    const address = {
      street: '800 Queen St W',
      unit: '2',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'm6j 1e5',
    };
    const bad = await partner.put('/api/partner/tax-details', {
      legalName: 'Sam Salon Inc.',
      businessNumber: '12345',
      address,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBeTypeOf('string');
    const saved = await partner.put('/api/partner/tax-details', {
      legalName: 'Sam Salon Inc.',
      businessNumber: '123 456 782',
      address,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      legalName: 'Sam Salon Inc.',
      businessNumber: '123456782',
      address: { postalCode: 'M6J 1E5', unit: '2' },
    });
    expect((await partner.get('/api/partner/tax-details')).body).toMatchObject({
      legalName: 'Sam Salon Inc.',
    });

    const report = await admin.get('/api/admin/reports/sellers.csv?year=2026');
    expect(report.status).toBe(200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    const lines = report.raw.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'year,provider_id,listing,legal_name,business_number,street,unit,city,province,postal_code,details_complete,relevant_activities,consideration_q1,consideration_q2,consideration_q3,consideration_q4,consideration_total,fees_withheld',
    );
    const shown = await earnings();
    const total = (shown.bookings.reduce((s, b) => s + b.netCents, 0) / 100).toFixed(2);
    const fees = (
      shown.bookings.reduce((s, b) => s + (b.netCents > 0 ? b.feeCents + b.hstCents : 0), 0) / 100
    ).toFixed(2);
    expect(lines).toContain(
      `2026,${salonId},Queen West Salon,Sam Salon Inc.,123456782,800 Queen St W,2,Toronto,ON,M6J 1E5,yes,${shown.bookings.length},0.00,0.00,0.00,${total},${total},${fees}`,
    );
    expect(
      (await admin.get('/api/admin/reports/sellers.csv?year=2025')).raw.body.trim().split('\r\n'),
    ).toHaveLength(1);
    expect((await admin.get('/api/admin/reports/sellers.csv?year=abc')).status).toBe(400);
    expect((await admin.get('/api/admin/reports/sellers.csv')).status).toBe(400);
    expect((await partner.get('/api/admin/reports/sellers.csv?year=2026')).status).toBe(403);
  });
});

describe('a promo code', () => {
  it('is paid by Trillium: the partner earns the full service price, the promotions account pays the discount', async () => {
    clock.set('2026-12-24T14:00:00Z');
    const created = await admin.post('/api/admin/promotions', {
      title: 'Ten off',
      description: 'A promotion made by the earnings tests.',
      startDate: '2026-12-20T00:00:00.000Z',
      endDate: '2027-01-31T00:00:00.000Z',
      code: 'EARN10',
      discountType: 'percent',
      discountValue: 10,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const c = await customer();
    const { bookingId } = await bookAndPay(c, {
      providerId: salonId,
      serviceDate: at(10, '2026-12-29'),
      extra: { promoCode: 'EARN10' },
    });
    // $100.00 less 10%: the fee and both HST lines on $90.00; the partner keeps $100.00 and the HST.
    expect(await row(bookingId)).toMatchObject({
      grossCents: 11475,
      feeCents: 270,
      hstCents: 35,
      netCents: 11170,
      state: 'pending',
    });
    const december = (await admin.get('/api/admin/ledger/income')).body.find(
      (m: { month: string }) => m.month === '2026-12',
    );
    expect(december.promotionsCents).toBe(1000);
    await ledgerBalanced();
    await shownIsLedger();
  });
});
