import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { bookingEvents, bookings, emailOutbox, receipts, refunds } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertUser } from '../../src/server/db/seed/factories';
import { bookAndPay, type Customer, holdWithCard, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { insertPartnerListing } from '../support/partners';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';

// A hostile customer, partner and admin against the life of a booking after payment (cancel,
// reschedule, complete, no-shows, disputes) and the refunds, credit notes and messages they produce
// (docs/product.md §8-9). Tests of bugs fail against the code as reviewed; "checked: …" held.

// Monday 23 November 2026, 7:00 AM in Toronto (EST, UTC-5).
const START = '2026-11-23T12:00:00Z';
const clock = fixedClock(START);
const HOUR = 3_600_000;
const MIN = 60_000;
let ctx: TestContext;
let people = 0;

/** One listing per test group, each with its own partner account. */
const SHOPS = 10;
const shops: { id: number; ownerEmail: string }[] = [];

/** `hour` o'clock in Toronto (EST) on a date in late November / early December 2026. */
const at = (hour: number, date = '2026-11-25') =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

const customer = (): Promise<Customer> => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `life.attack${n}@example.com`,
    fullName: `Eve Attack${n}`,
    ip: `10.88.${Math.floor(n / 200)}.${n % 200}`,
  });
};

async function signedIn(email: string): Promise<Client> {
  const n = ++people;
  const client = createClient(ctx, { ip: `10.89.${Math.floor(n / 200)}.${n % 200}` });
  const res = await client.post('/api/login', { email, password: DEMO_PASSWORD, remember: true });
  expect(res.status).toBe(200);
  return client;
}

/** Holds and pays; answers the booking as its customer reads it. */
async function book(
  client: Customer,
  serviceDate: string,
  providerId: number,
  extra: Record<string, unknown> = {},
) {
  const { bookingId } = await bookAndPay(client, {
    providerId,
    serviceDate,
    customerName: 'Eve Attack',
    extra,
  });
  const res = await client.get(`/api/bookings/${bookingId}`);
  expect(res.status).toBe(200);
  return res.body as {
    id: number;
    totalCents: number;
    serviceDate: string;
    referenceNumber: string;
    status: string;
  };
}

const refundRows = (bookingId: number) =>
  ctx.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));

const eventKinds = async (bookingId: number) =>
  (
    await ctx.database.db
      .select({ kind: bookingEvents.kind })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, bookingId))
      .orderBy(bookingEvents.id)
  ).map((e) => e.kind);

const mailsAbout = async (to: string, kind: string, reference: string) =>
  (
    await ctx.database.db
      .select({ kind: emailOutbox.kind, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)))
  ).filter((m) => m.text.includes(reference));

const bookingRow = async (id: number) =>
  (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

let admin: Client;

beforeAll(async () => {
  clock.set(START);
  ctx = await createTestApp({
    clock,
    env: { LOG_LEVEL: 'silent' },
    seed: async ({ db }) => {
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      await insertUser(db, {
        email: 'life.admin@example.com',
        fullName: 'Ada Admin',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
      for (let i = 0; i < SHOPS; i++) {
        shops.push(
          await insertPartnerListing(db, {
            ownerEmail: `life.owner${i}@example.com`,
            ownerName: `Pat Owner${i}`,
            name: `Lifecycle Salon ${i}`,
            categoryId: salon,
            streetAddress: `${100 + i} Queen St W`,
            services: [
              { name: 'Haircut', priceCents: 10_001 },
              { name: 'Colour and Cut', priceCents: 20_000, durationMinutes: 240 },
            ],
          }),
        );
      }
    },
  });
  admin = await signedIn('life.admin@example.com');
});
afterAll(() => ctx?.close());

/** A booking paid, then disputed by its customer 40 minutes after its start. */
async function disputed(shop: number, serviceDate: string) {
  clock.set(START);
  const client = await customer();
  const booking = await book(client, serviceDate, shops[shop]!.id);
  clock.set(new Date(Date.parse(booking.serviceDate) + 40 * MIN));
  const reported = await client.post(`/api/bookings/${booking.id}/report-no-show`);
  expect(reported.status).toBe(200);
  expect(reported.body.status).toBe('disputed');
  return { client, booking };
}

/** What a settlement left behind: the answer, the refunds, the history and the dispute e-mails. */
async function aftermath(
  booking: { id: number; referenceNumber: string },
  customerEmail: string,
  shop: number,
) {
  return {
    refunds: (await refundRows(booking.id)).map((r) => r.amountCents),
    history: await eventKinds(booking.id),
    customerDisputeMails: (await mailsAbout(customerEmail, 'booking_dispute', booking.referenceNumber))
      .length,
    partnerDisputeMails: (
      await mailsAbout(shops[shop]!.ownerEmail, 'booking_dispute', booking.referenceNumber)
    ).length,
  };
}

describe('an admin settles a dispute once (§8: resolve_refund is from disputed only; anything else is 409)', () => {
  it('resolve_refund on a booking the customer cancelled (never disputed) answers 409 and tells nobody a dispute was settled', async () => {
    clock.set(START);
    const client = await customer();
    const booking = await book(client, at(10, '2026-11-25'), shops[0]!.id);
    // Less than 24 hours before: the customer's cancel gives back half (flexible policy).
    clock.set(new Date(Date.parse(booking.serviceDate) - 20 * HOUR));
    const cancelled = await client.post(`/api/bookings/${booking.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const half = Math.floor((booking.totalCents * 50 + 50) / 100);
    expect(cancelled.body.refundAmount).toBe(half);
    const resolved = await admin.patch(`/api/admin/bookings/${booking.id}`, { action: 'resolve_refund' });
    expect({
      status: resolved.status,
      code: resolved.body.code,
      ...(await aftermath(booking, client.email, 0)),
    }).toEqual({
      status: 409,
      code: 'bookings.transition_not_allowed',
      // Nothing more refunded, no dispute in the history, no "refunded in full" e-mail to anyone.
      refunds: [half],
      history: ['paid', 'cancelled', 'refunded'],
      customerDisputeMails: 0,
      partnerDisputeMails: 0,
    });
  });

  it('resolve_refund pressed twice: the second answers 409; one refund, one "dispute resolved" event and e-mail per side', async () => {
    const { client, booking } = await disputed(1, at(10, '2026-11-25'));
    const first = await admin.patch(`/api/admin/bookings/${booking.id}`, { action: 'resolve_refund' });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('cancelled');
    const second = await admin.patch(`/api/admin/bookings/${booking.id}`, { action: 'resolve_refund' });
    expect({
      status: second.status,
      code: second.body.code,
      ...(await aftermath(booking, client.email, 1)),
    }).toEqual({
      status: 409,
      code: 'bookings.transition_not_allowed',
      refunds: [booking.totalCents],
      history: ['paid', 'dispute_opened', 'cancelled', 'refunded', 'dispute_resolved'],
      // The customer: one "settled". The partner: "opened", then one "settled".
      customerDisputeMails: 1,
      partnerDisputeMails: 2,
    });
  });

  it('two admins press resolve_refund at the same moment: one 200, one 409, one refund, one "dispute resolved"', async () => {
    const { client, booking } = await disputed(2, at(11, '2026-11-25'));
    const other = await signedIn('life.admin@example.com');
    const results = await Promise.all([
      admin.patch(`/api/admin/bookings/${booking.id}`, { action: 'resolve_refund' }),
      other.patch(`/api/admin/bookings/${booking.id}`, { action: 'resolve_refund' }),
    ]);
    expect({
      statuses: results.map((r) => r.status).sort(),
      ...(await aftermath(booking, client.email, 2)),
    }).toEqual({
      statuses: [200, 409],
      refunds: [booking.totalCents],
      history: ['paid', 'dispute_opened', 'cancelled', 'refunded', 'dispute_resolved'],
      customerDisputeMails: 1,
      partnerDisputeMails: 2,
    });
  });
});

describe('a dispute settled for the partner after the rest of its time was booked (§3: never a 500)', () => {
  it('resolve_completed answers 200 and the booking is completed, whoever took the time after the report', async () => {
    clock.set(START);
    const client = await customer();
    // A 4-hour service from 8 AM; the customer says nobody came, 30 minutes in.
    const booking = await book(client, at(8, '2026-11-25'), shops[3]!.id, { serviceTitle: 'Colour and Cut' });
    clock.set(new Date(Date.parse(booking.serviceDate) + 30 * MIN));
    const reported = await client.post(`/api/bookings/${booking.id}/report-no-show`);
    expect(reported.status).toBe(200);
    expect(reported.body.status).toBe('disputed');
    // 11 AM, inside the disputed booking's 8 AM-12 PM, is past the 2-hour notice: another customer asks.
    const other = await customer();
    const taken = await other.post('/api/create-payment-intent', {
      providerId: shops[3]!.id,
      serviceDate: at(11, '2026-11-25'),
      customerName: 'Other Customer',
      customerEmail: other.email,
    });
    // The disputed booking keeps its time until the admin settles it (§5, migration 0023).
    expect({ status: taken.status, code: taken.body.code }).toEqual({
      status: 409,
      code: 'bookings.slot_taken',
    });
    // The admin finds the professional did come: the service counts as done.
    const resolved = await admin.patch(`/api/admin/bookings/${booking.id}`, { action: 'resolve_completed' });
    expect({ status: resolved.status, body: resolved.body.status ?? resolved.body.code }).toEqual({
      status: 200,
      body: 'completed',
    });
    expect((await bookingRow(booking.id)).status).toBe('completed');
    expect(await refundRows(booking.id)).toEqual([]);
    // The admin's decision is final: the customer cannot report again, nor the partner mark a no-show.
    const view = await client.get(`/api/bookings/${booking.id}`);
    expect(view.status).toBe(200);
    expect(view.body.allowedActions).not.toContain('report_no_show');
    const again = await client.post(`/api/bookings/${booking.id}/report-no-show`);
    expect({ status: again.status, code: again.body.code }).toEqual({
      status: 409,
      code: 'bookings.transition_not_allowed',
    });
    const owner = createClient(ctx, { ip: '10.79.250.3' });
    await owner.login(shops[3]!.ownerEmail, DEMO_PASSWORD);
    const marked = await owner.patch(`/api/partner/bookings/${booking.id}`, { action: 'no_show' });
    expect(marked.status).toBe(409);
    expect((await bookingRow(booking.id)).status).toBe('completed');
    // Migration 0024's backfill finds the settlement from its event.
    const settledAt = (await bookingRow(booking.id)).disputeSettledAt;
    expect(settledAt).not.toBeNull();
    await ctx.database.db.update(bookings).set({ disputeSettledAt: null }).where(eq(bookings.id, booking.id));
    const backfill = readFileSync('src/server/db/migrations/0024_dispute-settled.sql', 'utf8').split(
      '--> statement-breakpoint',
    )[1]!;
    await ctx.database.db.execute(sql.raw(backfill));
    expect((await bookingRow(booking.id)).disputeSettledAt).toEqual(settledAt);
  });

  it('migration 0023 stops, naming them, where a disputed booking already overlaps another of its provider', async () => {
    const migration = readFileSync('src/server/db/migrations/0023_disputed-keeps-its-time.sql', 'utf8');
    const check = migration.split('--> statement-breakpoint')[0]!;
    class Undone extends Error {}
    const outcome = await ctx.database.db
      .transaction(async (tx) => {
        // The database as it could be before 0023: a disputed booking whose time was booked since.
        await tx.execute(sql`alter table bookings drop constraint bookings_provider_no_overlap`);
        const start = new Date('2026-12-01T13:00:00Z');
        for (const [reference, status] of [
          ['TR-CLASH1', 'disputed'],
          ['TR-CLASH2', 'confirmed'],
        ] as const) {
          await tx.insert(bookings).values({
            reference,
            providerId: shops[4]!.id,
            serviceTitle: 'Clash',
            serviceDate: start,
            endsAt: new Date(start.getTime() + HOUR),
            customerName: 'Clash',
            customerEmail: 'clash@example.com',
            priceCents: 5000,
            feeCents: 150,
            totalCents: 5150,
            status,
            paymentStatus: 'confirmed',
            createdAt: start,
            updatedAt: start,
          });
        }
        const error = await tx.execute(sql.raw(check)).then(
          () => null,
          (e: unknown) => e,
        );
        throw new Undone(String((error as { cause?: { message?: string } })?.cause?.message ?? error));
      })
      .catch((e: unknown) => (e instanceof Undone ? e.message : `unexpected: ${String(e)}`));
    expect(outcome).toContain('TR-CLASH1 with TR-CLASH2');
    // Rolled back: the constraint is still there.
    const [constraint] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from pg_constraint where conname = 'bookings_provider_no_overlap'`,
    );
    expect(constraint?.n).toBe(1);
  });
});

describe('checked: malformed ids and bodies on the lifecycle routes answer 4xx { code, message }', () => {
  it('ids like -1, 1e309, "1; drop" and bodies of the wrong type never reach the database', async () => {
    clock.set(START);
    const client = await customer();
    const partner = await signedIn(shops[4]!.ownerEmail);
    const booking = await book(client, at(11, '2026-11-26'), shops[4]!.id);
    const answers: { what: string; status: number; body: unknown }[] = [];
    const note = (what: string, res: { status: number; body: unknown }) =>
      answers.push({ what, status: res.status, body: res.body });
    for (const id of [
      '-1',
      '1e309',
      '1;%20drop',
      'abc',
      '0',
      '2147483648',
      '1.5',
      '%00',
      '99999999999999999999',
    ]) {
      note(`cancel ${id}`, await client.post(`/api/bookings/${id}/cancel`));
      note(
        `reschedule ${id}`,
        await client.post(`/api/bookings/${id}/reschedule`, { serviceDate: at(10, '2026-11-26') }),
      );
      note(`report ${id}`, await client.post(`/api/bookings/${id}/report-no-show`));
      note(`partner ${id}`, await partner.patch(`/api/partner/bookings/${id}`, { action: 'cancel' }));
      note(`admin ${id}`, await admin.patch(`/api/admin/bookings/${id}`, { action: 'cancel' }));
    }
    for (const body of [
      { serviceDate: 12345 },
      { serviceDate: null },
      {},
      { serviceDate: '2026-11-26T16:00:00+99:00' },
      { serviceDate: '+275760-09-13T00:00:00.000Z' },
      { serviceDate: 'x'.repeat(100_000) },
      { serviceDate: ['2026-11-26T16:00:00Z'] },
      { serviceDate: '0001-01-01T00:00:00Z' },
    ])
      note(
        `reschedule ${JSON.stringify(body).slice(0, 40)}`,
        await client.post(`/api/bookings/${booking.id}/reschedule`, body),
      );
    for (const body of [{ reason: 'x'.repeat(501) }, { reason: 5 }, [], { reason: 'a\u0000b' }])
      note(
        `cancel ${JSON.stringify(body).slice(0, 40)}`,
        await client.post(`/api/bookings/${booking.id}/cancel`, body),
      );
    for (const body of [
      { action: 'cancel', reason: 'x'.repeat(501) },
      { action: 'explode' },
      { status: 'no_show' },
      { action: ['cancel'] },
      { action: 'cancel', reason: 'a\u0000b' },
    ])
      note(
        `partner ${JSON.stringify(body).slice(0, 40)}`,
        await partner.patch(`/api/partner/bookings/${booking.id}`, body),
      );
    for (const body of [
      { action: 'cancel', reason: 'a\u0000b' },
      { action: 'x' },
      {},
      { status: 'x' },
      { action: 'cancel', reason: 'y'.repeat(501) },
    ])
      note(
        `admin ${JSON.stringify(body).slice(0, 40)}`,
        await admin.patch(`/api/admin/bookings/${booking.id}`, body),
      );
    note('huge', await client.post(`/api/bookings/${booking.id}/cancel`, { reason: 'z'.repeat(3_000_000) }));
    const bad = answers.filter(
      (a) =>
        a.status < 400 ||
        a.status >= 500 ||
        typeof (a.body as { code?: unknown })?.code !== 'string' ||
        typeof (a.body as { message?: unknown })?.message !== 'string',
    );
    expect(bad).toEqual([]);
    expect((await bookingRow(booking.id)).status).toBe('confirmed');
    expect(await refundRows(booking.id)).toEqual([]);
  });
});

/** Books at `serviceDate`, moves the clock to `offsetMs` from the start, cancels as the customer: the refund. */
async function refundAt(shop: number, serviceDate: string, offsetMs: number) {
  clock.set(START);
  const client = await customer();
  const booking = await book(client, serviceDate, shops[shop]!.id);
  clock.set(new Date(Date.parse(booking.serviceDate) + offsetMs));
  const res = await client.post(`/api/bookings/${booking.id}/cancel`);
  expect(res.status).toBe(200);
  const pct = (p: number) => Math.floor((booking.totalCents * p + 50) / 100);
  const percent = [100, 50, 0].find((p) => pct(p) === res.body.refundAmount);
  const rows = await refundRows(booking.id);
  expect(rows.map((r) => r.amountCents)).toEqual(res.body.refundAmount > 0 ? [res.body.refundAmount] : []);
  return percent;
}

async function setPolicy(shop: number, cancellationPolicy: 'flexible' | 'moderate' | 'strict') {
  const partner = await signedIn(shops[shop]!.ownerEmail);
  const res = await partner.put('/api/partner/booking-rules', {
    minimumNoticeHours: 2,
    bufferMinutes: 0,
    cancellationPolicy,
  });
  expect(res.status).toBe(200);
}

describe('checked: refunds at the policy boundaries (§9), to the millisecond', () => {
  it('flexible: 100% at exactly 24 hours before, 50% a millisecond later; the grace ends at exactly 15 minutes', async () => {
    expect(await refundAt(4, at(10, '2026-11-27'), -24 * HOUR)).toBe(100);
    expect(await refundAt(4, at(11, '2026-11-27'), -24 * HOUR + 1)).toBe(50);
    // Paid at 7 AM for 3 PM today: within 15 minutes of paying, in full; from the 15th minute, the policy.
    const paidAt = Date.parse(START);
    expect(
      await refundAt(4, at(15, '2026-11-23'), paidAt + 15 * MIN - 1 - Date.parse(at(15, '2026-11-23'))),
    ).toBe(100);
    expect(
      await refundAt(4, at(16, '2026-11-23'), paidAt + 15 * MIN - Date.parse(at(16, '2026-11-23'))),
    ).toBe(50);
  });

  it('moderate: 100% at 48 hours, 50% just after and at 24 hours, nothing just after 24 hours', async () => {
    await setPolicy(5, 'moderate');
    expect(await refundAt(5, at(10, '2026-11-28'), -48 * HOUR)).toBe(100);
    expect(await refundAt(5, at(11, '2026-11-28'), -48 * HOUR + 1)).toBe(50);
    expect(await refundAt(5, at(12, '2026-11-28'), -24 * HOUR)).toBe(50);
    expect(await refundAt(5, at(13, '2026-11-28'), -24 * HOUR + 1)).toBe(0);
  });

  it('strict: 100% at 7 days, 50% just after and at 48 hours, nothing just after 48 hours', async () => {
    await setPolicy(6, 'strict');
    expect(await refundAt(6, at(10, '2026-12-03'), -7 * 24 * HOUR)).toBe(100);
    expect(await refundAt(6, at(11, '2026-12-03'), -7 * 24 * HOUR + 1)).toBe(50);
    expect(await refundAt(6, at(12, '2026-12-03'), -48 * HOUR)).toBe(50);
    expect(await refundAt(6, at(13, '2026-12-03'), -48 * HOUR + 1)).toBe(0);
  });
});

describe('checked: no-show windows at their edges (§8), with the injected clock', () => {
  it('the partner from exactly 15 minutes to exactly 48 hours after the start; the customer from 30 minutes to 48 hours', async () => {
    const partner = await signedIn(shops[7]!.ownerEmail);
    const attempt = async (hour: number, offsetMs: number, who: 'partner' | 'customer') => {
      clock.set(START);
      const client = await customer();
      const booking = await book(client, at(hour, '2026-11-24'), shops[7]!.id);
      clock.set(new Date(Date.parse(booking.serviceDate) + offsetMs));
      const res =
        who === 'partner'
          ? await partner.patch(`/api/partner/bookings/${booking.id}`, { action: 'no_show' })
          : await client.post(`/api/bookings/${booking.id}/report-no-show`);
      return `${res.status} ${res.body.status ?? res.body.code}`;
    };
    expect(await attempt(8, 15 * MIN - 1, 'partner')).toBe('409 bookings.transition_not_allowed');
    expect(await attempt(9, 15 * MIN, 'partner')).toBe('200 no_show');
    expect(await attempt(10, 48 * HOUR, 'partner')).toBe('200 no_show');
    expect(await attempt(11, 48 * HOUR + 1, 'partner')).toBe('409 bookings.transition_not_allowed');
    expect(await attempt(12, 30 * MIN - 1, 'customer')).toBe('409 bookings.transition_not_allowed');
    expect(await attempt(13, 30 * MIN, 'customer')).toBe('200 disputed');
    expect(await attempt(14, 48 * HOUR, 'customer')).toBe('200 disputed');
    expect(await attempt(15, 48 * HOUR + 1, 'customer')).toBe('409 bookings.transition_not_allowed');
  });
});

describe('checked: who may cancel what, and when', () => {
  it("a partner cancels a live hold: nothing charged, and the customer's Pay then answers 409 before any charge", async () => {
    clock.set(START);
    const client = await customer();
    const partner = await signedIn(shops[8]!.ownerEmail);
    const { hold, paymentMethodId } = await holdWithCard(client, {
      providerId: shops[8]!.id,
      serviceDate: at(10, '2026-11-26'),
      customerName: 'Eve Attack',
    });
    const cancelled = await partner.patch(`/api/partner/bookings/${hold.bookingId}`, { action: 'cancel' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const paid = await client.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.paymentIntentId,
      paymentMethodId,
    });
    expect(paid.status).toBe(409);
    await runDueJobs(ctx);
    const [intent] = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from sandbox_intents where id = ${hold.paymentIntentId}`,
    );
    expect(intent!.status).not.toBe('succeeded');
    expect(await refundRows(hold.bookingId)).toEqual([]);
  });

  it('the partner may not cancel after the start; an admin may, in full; the customer may not cancel a hold', async () => {
    clock.set(START);
    const client = await customer();
    const partner = await signedIn(shops[8]!.ownerEmail);
    const booking = await book(client, at(11, '2026-11-26'), shops[8]!.id);
    clock.set(new Date(Date.parse(booking.serviceDate) + 1));
    const late = await partner.patch(`/api/partner/bookings/${booking.id}`, { action: 'cancel' });
    expect({ status: late.status, code: late.body.code }).toEqual({
      status: 409,
      code: 'bookings.transition_not_allowed',
    });
    const byAdmin = await admin.patch(`/api/admin/bookings/${booking.id}`, {
      action: 'cancel',
      reason: 'Fraud',
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.status).toBe('cancelled');
    expect((await refundRows(booking.id)).map((r) => r.amountCents)).toEqual([booking.totalCents]);
    clock.set(START);
    const held = await client.post('/api/create-payment-intent', {
      providerId: shops[8]!.id,
      serviceDate: at(12, '2026-11-26'),
      customerName: 'Eve Attack',
      customerEmail: client.email,
    });
    expect(held.status).toBe(200);
    const own = await client.post(`/api/bookings/${held.body.bookingId}/cancel`);
    expect(own.status).toBe(409);
  });

  it('the customer (50%) and the partner (100%) cancel at the same moment: one refund, one credit note, the winner decides', async () => {
    clock.set(START);
    const client = await customer();
    const partner = await signedIn(shops[8]!.ownerEmail);
    const booking = await book(client, at(14, '2026-11-26'), shops[8]!.id);
    clock.set(new Date(Date.parse(booking.serviceDate) - 10 * HOUR));
    const [mine, theirs] = await Promise.all([
      client.post(`/api/bookings/${booking.id}/cancel`, { reason: 'Sick' }),
      partner.patch(`/api/partner/bookings/${booking.id}`, { action: 'cancel', reason: 'Closed' }),
    ]);
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    const row = await bookingRow(booking.id);
    const expected =
      row.cancelledBy === 'partner' ? booking.totalCents : Math.floor((booking.totalCents * 50 + 50) / 100);
    expect((await refundRows(booking.id)).map((r) => r.amountCents)).toEqual([expected]);
    const notes = await ctx.database.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.bookingId, booking.id), eq(receipts.kind, 'credit_note')));
    expect(notes.map((n) => n.totalCents)).toEqual([expected]);
    expect((await eventKinds(booking.id)).filter((k) => k === 'cancelled')).toHaveLength(1);
  });
});

describe('checked: reschedules raced, and reschedules to times the customer could not book', () => {
  it('three moves of one booking at once: exactly two succeed (at most twice), the third answers 409', async () => {
    clock.set(START);
    const client = await customer();
    const booking = await book(client, at(10, '2026-11-25'), shops[9]!.id);
    const targets = [12, 13, 14].map((h) => at(h, '2026-11-25'));
    const results = await Promise.all(
      targets.map((serviceDate) => client.post(`/api/bookings/${booking.id}/reschedule`, { serviceDate })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('bookings.transition_not_allowed');
    const row = await bookingRow(booking.id);
    expect(row.rescheduleCount).toBe(2);
    expect(targets).toContain(row.serviceDate.toISOString());
    expect((await eventKinds(booking.id)).filter((k) => k === 'rescheduled')).toHaveLength(2);
    // Only the booking's final time is taken: every other hour of the day is free again.
    const other = await customer();
    for (const serviceDate of [at(10, '2026-11-25'), ...targets].filter(
      (t) => t !== row.serviceDate.toISOString(),
    )) {
      const res = await other.post('/api/create-payment-intent', {
        providerId: shops[9]!.id,
        serviceDate,
        customerName: 'Other',
        customerEmail: other.email,
      });
      expect(res.status).toBe(200);
    }
  });

  it('two customers move their bookings to the same free time at once: one wins, the other stays where it was', async () => {
    clock.set(START);
    const a = await customer();
    const b = await customer();
    const first = await book(a, at(9, '2026-11-26'), shops[9]!.id);
    const second = await book(b, at(10, '2026-11-26'), shops[9]!.id);
    const target = at(15, '2026-11-26');
    const results = await Promise.all([
      a.post(`/api/bookings/${first.id}/reschedule`, { serviceDate: target }),
      b.post(`/api/bookings/${second.id}/reschedule`, { serviceDate: target }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('bookings.slot_taken');
    const rows = [await bookingRow(first.id), await bookingRow(second.id)];
    expect(rows.map((r) => r.serviceDate.toISOString()).sort()).toEqual(
      [target, results[0]!.status === 200 ? at(10, '2026-11-26') : at(9, '2026-11-26')].sort(),
    );
  });

  it('into the past, off the hour, after closing, on a Sunday, on a day off or inside the notice: 400, the booking unchanged', async () => {
    clock.set(START);
    const client = await customer();
    const partner = await signedIn(shops[9]!.ownerEmail);
    const booking = await book(client, at(10, '2026-11-27'), shops[9]!.id);
    const off = await partner.post('/api/partner/time-off', {
      startDate: '2026-12-01',
      endDate: '2026-12-01',
    });
    expect(off.status).toBe(201);
    const tries: [string, string][] = [
      [at(6, '2026-11-23'), 'bookings.slot_in_past'],
      ['2026-11-27T15:30:00.000Z', 'bookings.slot_off_schedule'],
      [at(18, '2026-11-27'), 'bookings.slot_off_schedule'],
      [at(10, '2026-11-29'), 'bookings.slot_off_schedule'],
      [at(10, '2026-12-01'), 'bookings.slot_off_schedule'],
      [at(8, '2026-11-23'), 'bookings.slot_too_soon'],
      [at(10, '2027-01-20'), 'bookings.slot_too_far'],
    ];
    for (const [serviceDate, code] of tries) {
      const res = await client.post(`/api/bookings/${booking.id}/reschedule`, { serviceDate });
      expect({ serviceDate, status: res.status, code: res.body.code }).toEqual({
        serviceDate,
        status: 400,
        code,
      });
    }
    const row = await bookingRow(booking.id);
    expect({ at: row.serviceDate.toISOString(), count: row.rescheduleCount }).toEqual({
      at: at(10, '2026-11-27'),
      count: 0,
    });
    expect((await partner.delete(`/api/partner/time-off/${off.body.id}`)).status).toBe(204);
  });
});

describe('checked: reminders follow a booking moved away and back', () => {
  it('moved to Saturday and back to Friday: one 24-hour and one 2-hour reminder, for Friday', async () => {
    clock.set(START);
    const client = await customer();
    const booking = await book(client, at(16, '2026-11-27'), shops[0]!.id);
    for (const serviceDate of [at(16, '2026-11-28'), at(16, '2026-11-27')]) {
      const res = await client.post(`/api/bookings/${booking.id}/reschedule`, { serviceDate });
      expect(res.status).toBe(200);
    }
    for (const moment of [-24 * HOUR + MIN, -2 * HOUR + MIN, 0]) {
      clock.set(new Date(Date.parse(at(16, '2026-11-27')) + moment));
      await runDueJobs(ctx);
    }
    const reminders = await mailsAbout(client.email, 'booking_reminder', booking.referenceNumber);
    expect(reminders).toHaveLength(2);
  });

  it('none for a booking its partner cancelled', async () => {
    clock.set(START);
    const client = await customer();
    const partner = await signedIn(shops[0]!.ownerEmail);
    const booking = await book(client, at(17, '2026-11-27'), shops[0]!.id);
    expect((await partner.patch(`/api/partner/bookings/${booking.id}`, { action: 'cancel' })).status).toBe(
      200,
    );
    for (const moment of [-24 * HOUR + MIN, -2 * HOUR + MIN]) {
      clock.set(new Date(Date.parse(booking.serviceDate) + moment));
      await runDueJobs(ctx);
    }
    expect(await mailsAbout(client.email, 'booking_reminder', booking.referenceNumber)).toEqual([]);
  });
});

describe('checked: credit notes are numbered without gaps, also when many cancel at once', () => {
  it('six cancellations at the same moment: six credit notes, and every credit-note number 1..N used once', async () => {
    clock.set(START);
    const people = await Promise.all(Array.from({ length: 6 }, () => customer()));
    const booked: Awaited<ReturnType<typeof book>>[] = [];
    for (const [i, person] of people.entries())
      booked.push(await book(person, at(9 + i, '2026-12-02'), shops[2]!.id));
    clock.advance(30 * MIN);
    const results = await Promise.all(booked.map((b, i) => people[i]!.post(`/api/bookings/${b.id}/cancel`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const notes = await ctx.database.db.select().from(receipts).where(eq(receipts.kind, 'credit_note'));
    expect(notes.filter((n) => booked.some((b) => b.id === n.bookingId))).toHaveLength(6);
    const numbers = notes.map((n) => n.number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });
});
