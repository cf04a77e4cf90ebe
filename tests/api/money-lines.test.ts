import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { MIGRATIONS_FOLDER } from '../../src/server/db/client';
import { bookings, refunds } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import type { MoneyLine } from '../../src/shared/domain/price-lines';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { AT_HOME } from '../support/service-address';

// Issue 20, step 1: every line in integer cents, stored as charged, refunds split across them.

// Monday 23 November 2026, 7:00 AM in Toronto.
const clock = fixedClock('2026-11-23T12:00:00Z');
const HOUR = 3_600_000;
const TUESDAY_10AM = '2026-11-24T15:00:00.000Z';
const TUESDAY_NOON = '2026-11-24T17:00:00.000Z';
let ctx: TestContext;
let plainId: number;
let registeredId: number;
let sitterId: number;
let people = 0;

const amounts = (lines: MoneyLine[]) => Object.fromEntries(lines.map((l) => [l.kind, l.amount]));
const sum = (lines: MoneyLine[]) => lines.reduce((s, l) => s + l.amount, 0);
const customer = (): Promise<Customer> => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `lines${n}@example.com`,
    fullName: `Lee Lines${n}`,
    ip: `10.91.0.${n}`,
  });
};
const hold = (client: Customer, providerId: number, serviceDate = TUESDAY_10AM) =>
  client.post('/api/create-payment-intent', {
    providerId,
    serviceDate,
    customerName: 'Lee Lines',
    customerEmail: client.email,
    ...AT_HOME,
  });

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const db = ctx.database.db;
  const cleaning = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
  const sitting = await insertCategory(db, { name: 'Baby-sitting', slug: 'baby-sitting' });
  const partnerId = await insertUser(db, {
    email: 'lines.partner@example.com',
    fullName: 'Pat Partner',
    password: DEMO_PASSWORD,
    role: 'partner',
  });
  plainId = await insertProvider(db, {
    name: 'Plain Cleaners',
    categoryId: cleaning,
    ownerUserId: partnerId,
    services: [{ name: 'Deep Cleaning', priceCents: 11_000 }],
  });
  registeredId = await insertProvider(db, {
    name: 'Registered Cleaners',
    categoryId: cleaning,
    hstNumber: '123456782RT0001',
    services: [{ name: 'Deep Cleaning', priceCents: 11_000 }],
  });
  sitterId = await insertProvider(db, {
    name: 'Registered Sitters',
    categoryId: sitting,
    hstNumber: '812345676RT0001',
    services: [{ name: 'Evening Babysitting', priceCents: 6_500 }],
  });
});
afterAll(() => ctx?.close());

describe('a hold is priced line by line by the server', () => {
  it('without an HST number: service, 3% fee and the HST on the fee; the amount is their sum', async () => {
    const client = await customer();
    const res = await hold(client, plainId);
    expect(res.status).toBe(200);
    expect(res.body.lines).toEqual([
      { kind: 'service', label: 'Service price', amount: 11_000 },
      { kind: 'service_fee', label: 'Service fee (3%)', amount: 330 },
      { kind: 'hst_fee', label: 'HST on service fee (13%)', amount: 43 },
    ]);
    expect(res.body).toMatchObject({ amount: 11_373, priceCents: 11_000, feeCents: 330 });
  });

  it('with an HST number, 13% HST on the service too; an exempt category (baby-sitting) has none', async () => {
    const client = await customer();
    const registered = await hold(client, registeredId);
    expect(registered.status).toBe(200);
    expect(amounts(registered.body.lines)).toEqual({
      service: 11_000,
      service_fee: 330,
      hst_service: 1_430,
      hst_fee: 43,
    });
    expect(registered.body.amount).toBe(12_803);
    const sitter = await hold(client, sitterId, TUESDAY_NOON);
    expect(sitter.status).toBe(200);
    expect(amounts(sitter.body.lines)).toEqual({ service: 6_500, service_fee: 195, hst_fee: 25 });
    expect(sitter.body.amount).toBe(6_720);
  });

  it('a client-sent amount changes nothing', async () => {
    const client = await customer();
    const res = await client.post('/api/create-payment-intent', {
      providerId: plainId,
      serviceDate: '2026-11-25T15:00:00.000Z',
      customerName: 'Lee Lines',
      customerEmail: client.email,
      amount: 1,
      lines: [{ kind: 'discount', label: 'free', amount: -11_000 }],
      ...AT_HOME,
    });
    expect(res.status).toBe(200);
    expect(res.body.amount).toBe(11_373);
  });
});

describe('a booking keeps its lines as charged', () => {
  it('GET /api/bookings/:id carries the lines; an HST number given later never rewrites them', async () => {
    const client = await customer();
    const { bookingId } = await bookAndPay(client, {
      providerId: plainId,
      serviceDate: '2026-11-26T15:00:00.000Z',
      extra: AT_HOME,
    });
    const before = await client.get(`/api/bookings/${bookingId}`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ totalCents: 11_373, taxCents: 43, discountCents: 0, feeCents: 330 });
    expect(sum(before.body.lines)).toBe(before.body.totalCents);

    // The partner registers for HST: new holds carry it, the paid booking does not change.
    const partner = createClient(ctx, { ip: '10.91.1.1' });
    await partner.login('lines.partner@example.com', DEMO_PASSWORD);
    const listing = await partner.get('/api/partner/listing');
    expect(listing.status).toBe(200);
    expect(listing.body).toMatchObject({ hstNumber: null, categoryTaxExempt: false });
    const body = { description: listing.body.description, city: listing.body.citySlug };
    const wrongDigit = await partner.put('/api/partner/listing', { ...body, hstNumber: '123456789RT0001' });
    expect(wrongDigit.status).toBe(400);
    expect(wrongDigit.body.message).toMatch(/does not check out/);
    const wrongShape = await partner.put('/api/partner/listing', { ...body, hstNumber: '12345 RT 1' });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body.message).toMatch(/9 digits, RT and 4 digits/);
    const saved = await partner.put('/api/partner/listing', { ...body, hstNumber: '123456782 rt 0001' });
    expect(saved.status).toBe(200);
    expect(saved.body.hstNumber).toBe('123456782RT0001');
    const provider = await client.get(`/api/providers/${plainId}`);
    expect(provider.body).toMatchObject({ hstRegistered: true, categoryTaxExempt: false });

    const after = await client.get(`/api/bookings/${bookingId}`);
    expect(after.body.lines).toEqual(before.body.lines);
    const next = await hold(client, plainId, '2026-11-27T15:00:00.000Z');
    expect(next.status).toBe(200);
    expect(amounts(next.body.lines).hst_service).toBe(1_430);

    // Absent keeps it; empty removes it.
    expect((await partner.put('/api/partner/listing', body)).body.hstNumber).toBe('123456782RT0001');
    expect((await partner.put('/api/partner/listing', { ...body, hstNumber: '' })).body.hstNumber).toBeNull();
  });

  it('a 50% refund splits across the same lines, cent-exact, and the refunded booking still adds up', async () => {
    const client = await customer();
    const serviceDate = '2026-11-24T20:00:00.000Z'; // Tuesday 3 PM: less than 24 hours after Monday 4 PM
    const { bookingId } = await bookAndPay(client, { providerId: registeredId, serviceDate, extra: AT_HOME });
    clock.advance(9 * HOUR); // Monday 4 PM: past the 15-minute grace, inside 24 hours: 50%
    try {
      const cancelled = await client.post(`/api/bookings/${bookingId}/cancel`, {});
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.refundAmount).toBe(6_402); // 12,803 x 50%, half up
      await runDueJobs(ctx);
      const read = await client.get(`/api/bookings/${bookingId}`);
      expect(read.body).toMatchObject({
        refundedCents: 6_402,
        refundStatus: 'succeeded',
        totalCents: 12_803,
      });
      expect(amounts(read.body.refundedLines)).toEqual({
        service: 5_500,
        service_fee: 165,
        hst_service: 715,
        hst_fee: 22,
      });
      expect(sum(read.body.refundedLines)).toBe(read.body.refundedCents);
      expect(sum(read.body.lines)).toBe(read.body.totalCents);
      const [row] = await ctx.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
      expect(sum(row!.lines!)).toBe(row!.amountCents);
    } finally {
      clock.set('2026-11-23T12:00:00Z');
    }
  });
});

describe('bookings from before lines were kept', () => {
  it('migration 0012 gives them the lines they were charged (service and fee) and splits their refunds', async () => {
    const client = await customer();
    const { bookingId } = await bookAndPay(client, {
      providerId: plainId,
      serviceDate: '2026-11-28T15:00:00.000Z',
      extra: AT_HOME,
    });
    await client.post(`/api/bookings/${bookingId}/cancel`, {}); // full refund
    const db = ctx.database.db;
    // As an old row: service 10,000 + fee 300, no lines; a refund of 5,150 without lines.
    await db.execute(sql`alter table bookings drop constraint bookings_amounts`);
    await db
      .update(bookings)
      .set({ lines: null, priceCents: 10_000, feeCents: 300, taxCents: 0, totalCents: 10_300 })
      .where(eq(bookings.id, bookingId));
    await db.update(refunds).set({ lines: null, amountCents: 5_151 }).where(eq(refunds.bookingId, bookingId));
    // The migration's own backfill statements, run again over these rows.
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0012_money-lines.sql'), 'utf8');
    for (const statement of migration
      .split('--> statement-breakpoint')
      .filter((s) => /^\s*(--.*\n)*\s*UPDATE/.test(s)))
      await db.execute(sql.raw(statement));
    await db.execute(
      sql.raw(
        migration
          .split('--> statement-breakpoint')
          .find((s) => s.includes('ADD CONSTRAINT "bookings_amounts"'))!,
      ),
    );

    const read = await client.get(`/api/bookings/${bookingId}`);
    expect(read.body.lines).toEqual([
      { kind: 'service', label: 'Service price', amount: 10_000 },
      { kind: 'service_fee', label: 'Service fee (3%)', amount: 300 },
    ]);
    // 5,151 of 10,300: service 5,000.97..., fee 150.02...: the left-over cent goes to the service.
    expect(amounts(read.body.refundedLines)).toEqual({ service: 5_001, service_fee: 150 });
  });
});
