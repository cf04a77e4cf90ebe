// What an admin can do, and what nobody else may (docs/product.md §3, §7, §12, §15, §16; decision 009),
// by a hostile review (2026-11-27): the four tests of the first group failed before their fixes; the
// second group's probes held then and guard it now.

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { adminAuditLog, bookings, promotions, refunds, reviews } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertReview, insertUser } from '../../src/server/db/seed/factories';
import { bookAndPay, type Customer, holdWithCard, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { emailsTo } from '../support/outbox';
import { insertPartnerListing } from '../support/partners';
import { appOnOwnPostgres, canRunPostgres } from '../support/pg-cluster';
import { AT_HOME } from '../support/service-address';

// Monday 23 November 2026, 7:00 AM in Toronto.
const clock = fixedClock('2026-11-23T12:00:00Z');

let ctx: TestContext;
let ip = 0;
let categoryId: number;
let providerId: number;
let partnerUserId: number;
let admin2Id: number;
let admin: Client;
let admin2: Client;
let customer: Customer;
let partner: Client;
const client = () => createClient(ctx, { ip: `10.93.${Math.floor(++ip / 200)}.${ip % 200}` });
async function as(email: string) {
  const c = client();
  await c.login(email, DEMO_PASSWORD);
  return c;
}
const torontoAt = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

let customers = 0;
async function newCustomer() {
  const n = ++customers;
  return signedInCustomer(ctx, {
    email: `aa.buyer${n}@example.com`,
    fullName: `Buyer ${n}`,
    ip: `10.94.${Math.floor(n / 200)}.${n % 200}`,
  });
}

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    env: { PUBLIC_URL: 'https://trillium.test', LOG_LEVEL: 'silent' },
    seed: async ({ db }) => {
      categoryId = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      await insertUser(db, {
        email: 'aa.one@example.com',
        fullName: 'Ada One',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
      admin2Id = await insertUser(db, {
        email: 'aa.two@example.com',
        fullName: 'Ben Two',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
      ({ id: providerId, ownerId: partnerUserId } = await insertPartnerListing(db, {
        ownerEmail: 'aa.pat@example.com',
        ownerName: 'Pat Partner',
        name: 'Sparkle Co',
        categoryId,
        services: [{ name: 'Deep Cleaning', priceCents: 10000 }],
      }));
    },
  });
  admin = await as('aa.one@example.com');
  admin2 = await as('aa.two@example.com');
  partner = await as('aa.pat@example.com');
  customer = await newCustomer();
});
afterAll(() => ctx?.close());

async function auditCount() {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(adminAuditLog);
  return Number(row?.n ?? 0);
}
const auditFor = (targetType: string, targetId: number) =>
  ctx.database.db
    .select()
    .from(adminAuditLog)
    .where(
      sql`${adminAuditLog.targetType} = ${targetType} and ${adminAuditLog.targetId} = ${String(targetId)}`,
    );

function isError(body: unknown) {
  expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
}

let codes = 0;
const promo = (over: Record<string, unknown> = {}) => ({
  title: 'Fall savings',
  description: 'Save on cleaning this fall season.',
  code: `FALL${++codes}`,
  discountType: 'percent',
  discountValue: 10,
  startDate: '2026-11-01T00:00:00Z',
  endDate: '2026-12-31T00:00:00Z',
  ...over,
});

/** A paid booking of Sparkle Co by a new customer, on a weekday `date` at `hour` (Toronto). */
async function paidBooking(date: string, hour = 10) {
  const buyer = await newCustomer();
  const hold = await bookAndPay(buyer, { providerId, serviceDate: torontoAt(hour, date), extra: AT_HOME });
  return { buyer, bookingId: hold.bookingId };
}

describe('found by the review, fixed', () => {
  it.runIf(canRunPostgres())(
    'two admins creating a promotion with the same code at the same moment: one 200, one 409 promotions.code_taken, never a 500',
    async () => {
      // Two admins (or one double-clicked Create) on PostgreSQL: both pass codeTaken, the unique index refuses one.
      const { app, close } = await appOnOwnPostgres(clock, async (db) => {
        for (const who of ['a', 'b'])
          await insertUser(db, {
            email: `pg.${who}@example.com`,
            fullName: `Admin ${who}`,
            password: DEMO_PASSWORD,
            role: 'admin',
          });
      });
      try {
        const a = createClient({ app }, { ip: '10.95.0.1' });
        const b = createClient({ app }, { ip: '10.95.0.2' });
        await a.login('pg.a@example.com', DEMO_PASSWORD);
        await b.login('pg.b@example.com', DEMO_PASSWORD);
        const statuses: number[][] = [];
        for (let i = 0; i < 8; i++) {
          const both = await Promise.all([
            a.post('/api/admin/promotions', promo({ code: `RACE${i}` })),
            b.post('/api/admin/promotions', promo({ code: `RACE${i}` })),
          ]);
          for (const res of both) if (res.status !== 200) isError(res.body);
          statuses.push(both.map((r) => r.status).sort());
        }
        expect(statuses).toEqual(Array.from({ length: 8 }, () => [200, 409]));
      } finally {
        await close();
      }
    },
    120_000,
  );

  it('a promotional e-mail announcing a deactivated or ended promotion is refused: nobody is sent a dead code', async () => {
    // An admin picks a promotion in the Promote tab while another deactivates it (or it ends): every
    // opted-in customer is e-mailed a code that checkout then refuses (promo.expired).
    const fan = await newCustomer();
    expect(
      (await fan.put('/api/user/preferences', { email: true, sms: false, promotional: true })).status,
    ).toBe(200);
    const created = await admin.post('/api/admin/promotions', promo({ code: 'DEADCODE' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const off = await admin2.patch(`/api/admin/promotions/${created.body.id}`, { isActive: false });
    expect(off.status).toBe(200);
    const before = (await emailsTo(ctx.database.db, fan.email)).length;
    const sent = await admin.post('/api/admin/promotional-emails', {
      subject: 'Fall savings',
      message: 'Save on cleaning this fall season. Use code DEADCODE.',
      promotionId: created.body.id,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBeGreaterThanOrEqual(400);
    expect(sent.status).toBeLessThan(500);
    isError(sent.body);
    expect((await emailsTo(ctx.database.db, fan.email)).length).toBe(before);
    // The code it would have announced is refused at checkout.
    const check = await fan.post('/api/promo-codes/validate', { code: 'DEADCODE', providerId });
    expect(check.status).toBe(409);
  });

  it('an old code without a discount can be deactivated (isActive: false) without inventing a discount', async () => {
    // §7: codes from before migration 0014 have no discount "until an admin sets one"; the admin who only
    // wants to switch such a promotion off is refused with "A code needs a discount".
    const [old] = await ctx.database.db
      .insert(promotions)
      .values({
        title: 'Old code',
        description: 'An old code from before discounts existed.',
        code: 'OLDIE',
        startDate: new Date('2026-01-01T00:00:00Z'),
        endDate: new Date('2027-01-01T00:00:00Z'),
      })
      .returning();
    const before = await auditCount();
    const res = await admin.patch(`/api/admin/promotions/${old!.id}`, { isActive: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.isActive).toBe(false);
    expect(await auditCount()).toBe(before + 1);
  });

  it('switching a partner back to user does not leave their listing taking bookings nobody can manage', async () => {
    // An admin revokes a partner (role user): the listing stays published and customers still hold and
    // pay for it, while its owner gets 403 on every /api/partner route (no bookings list, no cancel,
    // no complete, no no-show). Either the switch is refused while they own a listing, or it is unpublished.
    const owner = await insertPartnerListing(ctx.database.db, {
      ownerEmail: 'aa.revoked@example.com',
      ownerName: 'Rex Revoked',
      name: 'Revoked Cleaners',
      categoryId,
      services: [{ name: 'Quick Clean', priceCents: 8000 }],
    });
    const demoted = await admin.patch(`/api/admin/users/${owner.ownerId}`, { role: 'user' });
    if (demoted.status === 200) {
      const ownerTab = await as('aa.revoked@example.com');
      expect((await ownerTab.get('/api/partner/bookings')).status).toBe(403);
      const buyer = await newCustomer();
      const held = await buyer.post('/api/create-payment-intent', {
        providerId: owner.id,
        serviceDate: torontoAt(10, '2026-11-27'),
        customerName: 'Buyer',
        customerEmail: buyer.email,
        ...AT_HOME,
      });
      expect(held.status, 'a listing whose owner is no partner takes no booking').toBeGreaterThanOrEqual(400);
    } else {
      expect(demoted.status).toBe(409);
      isError(demoted.body);
    }
  });
});

describe('checked: held before, kept', () => {
  it('customers, partners and visitors get 403/401 on the admin routes not swept elsewhere, and nothing changes', async () => {
    const { bookingId } = await paidBooking('2026-11-25', 10);
    const reviewId = await insertReview(ctx.database.db, {
      providerId,
      rating: 1,
      comment: 'Terrible, simply terrible service.',
      authorName: 'Someone',
    });
    const before = await auditCount();
    const routes: [string, string, unknown][] = [
      ['PATCH', `/api/admin/bookings/${bookingId}`, { action: 'cancel', reason: 'mine' }],
      ['PATCH', `/api/admin/users/${partnerUserId}`, { role: 'user' }],
      ['POST', `/api/admin/reviews/${reviewId}/hide`, { reason: 'I do not like it' }],
      ['POST', `/api/admin/reviews/${reviewId}/keep`, { reason: 'keep' }],
      ['POST', `/api/admin/reviews/${reviewId}/restore`, { reason: 'back' }],
      ['GET', '/api/admin/reviews?state=all', undefined],
      ['GET', '/api/admin/ledger/income', undefined],
      ['GET', '/api/admin/reports/sellers.csv?year=2026', undefined],
      ['GET', '/api/admin/ledger.csv?from=2026-01-01&to=2026-12-31', undefined],
      ['POST', '/api/admin/promotions', promo()],
      [
        'POST',
        '/api/admin/announcements',
        { title: 'Hello all', content: 'Hello everybody here.', type: 'info' },
      ],
      ['POST', '/api/test/email', { email: 'x@example.com' }],
    ];
    for (const [method, url, body] of routes) {
      for (const [who, expected] of [
        [client(), 401],
        [customer, 403],
        [partner, 403],
      ] as const) {
        const res = await who.request({ method: method as 'GET', url, body });
        expect(res.status, `${method} ${url}`).toBe(expected);
        isError(res.body);
      }
    }
    expect(await auditCount()).toBe(before);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row!.status).toBe('confirmed');
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).toEqual([]);
    const [review] = await ctx.database.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(review!.hiddenAt).toBeNull();
  });

  it("two admins cancel one paid booking at once: one refund of the total, one audit entry with the acting admin's id", async () => {
    const { bookingId } = await paidBooking('2026-11-26', 10);
    const [a, b] = await Promise.all([
      admin.patch(`/api/admin/bookings/${bookingId}`, { action: 'cancel', reason: 'Storm' }),
      admin2.patch(`/api/admin/bookings/${bookingId}`, { action: 'cancel', reason: 'Flood' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const made = await ctx.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(made.map((r) => r.amountCents)).toEqual([row!.totalCents]);
    const entries = await auditFor('booking', bookingId);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.action).toBe('booking.cancelled');
    expect([1, admin2Id]).toContain(entries[0]!.adminUserId);
    // Settling a "dispute" on it, or cancelling again, refunds nothing more and logs nothing.
    const settle = await admin.patch(`/api/admin/bookings/${bookingId}`, { action: 'resolve_refund' });
    expect(settle.status).toBe(409);
    const again = await admin2.patch(`/api/admin/bookings/${bookingId}`, { action: 'cancel' });
    expect(again.status).toBe(200);
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).toHaveLength(
      1,
    );
    expect(await auditFor('booking', bookingId)).toHaveLength(1);
  });

  it('cancel on a completed or disputed booking, and settling a dispute that is not one, is 409 and writes nothing', async () => {
    const { bookingId } = await paidBooking('2026-11-26', 13);
    for (const status of ['completed', 'disputed', 'no_show'] as const) {
      await ctx.database.db.update(bookings).set({ status }).where(eq(bookings.id, bookingId));
      const actions =
        status === 'disputed'
          ? ['cancel', 'confirm_payment']
          : ['cancel', 'resolve_refund', 'resolve_completed'];
      for (const action of actions) {
        const res = await admin.patch(`/api/admin/bookings/${bookingId}`, { action });
        expect(res.status, `${action} on ${status}`).toBe(409);
        isError(res.body);
      }
    }
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).toEqual([]);
    expect(await auditFor('booking', bookingId)).toEqual([]);
  });

  it('settling one dispute from two tabs (refund and completed at once): one wins, one 409, at most one refund', async () => {
    const { bookingId } = await paidBooking('2026-11-27', 10);
    await ctx.database.db.update(bookings).set({ status: 'disputed' }).where(eq(bookings.id, bookingId));
    const [a, b] = await Promise.all([
      admin.patch(`/api/admin/bookings/${bookingId}`, { action: 'resolve_refund' }),
      admin2.patch(`/api/admin/bookings/${bookingId}`, { action: 'resolve_completed' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const made = await ctx.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(made).toHaveLength(row!.status === 'cancelled' ? 1 : 0);
    expect(await auditFor('booking', bookingId)).toHaveLength(1);
  });

  it('malformed ids and bodies (hex, 1e3, negative, huge, arrays, unicode, NUL, 2 MB) are 4xx { code, message } and write nothing', async () => {
    const { bookingId } = await paidBooking('2026-11-27', 13);
    const before = await auditCount();
    const cases: [string, string, unknown][] = [
      ['PATCH', `/api/admin/bookings/${bookingId}`, []],
      ['PATCH', `/api/admin/bookings/${bookingId}`, 1],
      ['PATCH', `/api/admin/bookings/${bookingId}`, null],
      ['PATCH', `/api/admin/bookings/${bookingId}`, { action: ['cancel'] }],
      ['PATCH', `/api/admin/bookings/${bookingId}`, { action: 'cancel', reason: 5 }],
      ['PATCH', `/api/admin/bookings/${bookingId}`, { action: 'cancel', reason: 'x'.repeat(501) }],
      ['PATCH', `/api/admin/bookings/${bookingId}`, { action: 'cancel', reason: 'x'.repeat(2_000_000) }],
      ['PATCH', `/api/admin/bookings/${bookingId}`, { action: 'cancel', reason: 'a\u0000b' }],
      ['PATCH', `/api/admin/bookings/${bookingId}`, { action: 'refund', amountCents: 999_999 }],
      ['PATCH', `/api/admin/bookings/0x${bookingId.toString(16)}`, { action: 'cancel' }],
      ['PATCH', '/api/admin/applications/1', { status: 'approved', categoryId: '0x1' }],
      ['PATCH', '/api/admin/applications/1', { status: 'approved', categoryId: '1e3' }],
      ['PATCH', '/api/admin/applications/1', { status: 'approved', categoryId: -1 }],
      ['PATCH', '/api/admin/applications/1', { status: 'approved', categoryId: [1] }],
      ['PATCH', '/api/admin/applications/1', { status: 'approved', categoryId: 1e12 }],
      ['PATCH', '/api/admin/applications/1', { status: 'rejected', adminNotes: ['x'] }],
      ['PATCH', '/api/admin/applications/1', { status: 'rejected', adminNotes: '\u202e\u0000' }],
      ['PATCH', `/api/admin/users/${partnerUserId}`, { role: ['user'] }],
      ['PATCH', `/api/admin/users/${partnerUserId}`, { role: 'ADMIN' }],
      ['PATCH', '/api/admin/users/1e3', { role: 'user' }],
      ['POST', '/api/admin/jobs/0x1/retry', {}],
      ['POST', '/api/admin/payouts/-1/retry', {}],
      ['POST', '/api/admin/reviews/1/hide', { reason: ['spam'] }],
      ['POST', '/api/admin/reviews/1/hide', { reason: '  ' }],
      ['POST', '/api/admin/reviews/1/hide', { reason: 'bad\u0000' }],
      ['POST', '/api/admin/promotions', promo({ maxUses: 1e12 })],
      ['POST', '/api/admin/promotions', promo({ maxUses: '1e3' })],
      ['POST', '/api/admin/promotions', promo({ maxUsesPerCustomer: -1 })],
      ['POST', '/api/admin/promotions', promo({ discountValue: '0x10' })],
      ['POST', '/api/admin/promotions', promo({ discountValue: 101 })],
      ['POST', '/api/admin/promotions', promo({ discountType: 'fixed', discountValue: 2_147_483_648 })],
      ['POST', '/api/admin/promotions', promo({ endDate: '2026-10-01T00:00:00Z' })],
      ['POST', '/api/admin/promotions', promo({ startDate: '+275760-09-13T00:00:00Z' })],
      ['POST', '/api/admin/promotions', promo({ endDate: '9999-12-31T23:59:59-05:00' })],
      ['POST', '/api/admin/promotions', promo({ startDate: '2026-11-01T00:00:00' })],
      ['POST', '/api/admin/promotions', promo({ categoryIds: [2_147_483_647] })],
      ['POST', '/api/admin/promotions', promo({ categoryIds: ['1e3'] })],
      ['POST', '/api/admin/promotions', promo({ cities: ['Atlantis'] })],
      ['POST', '/api/admin/promotions', promo({ code: 'ÉTÉ10' })],
      ['POST', '/api/admin/promotions', promo({ code: 'x' })],
      ['POST', '/api/admin/promotions', promo({ linkUrl: 'javascript:alert(1)' })],
      ['POST', '/api/admin/promotions', promo({ imageUrl: 'https://evil.example/x.png' })],
      [
        'POST',
        '/api/admin/announcements',
        { title: 'Hello', content: 'Long enough text', type: 'info', publishedAt: '1e3' },
      ],
      [
        'POST',
        '/api/admin/announcements',
        { title: 'Hello', content: 'Long enough text', type: 'info', readMoreUrl: '//evil.example' },
      ],
    ];
    for (const [method, url, body] of cases) {
      const res = await admin.request({ method: method as 'POST', url, body });
      const label = `${method} ${url} ${JSON.stringify(body)?.slice(0, 80)}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      isError(res.body);
    }
    expect(await auditCount()).toBe(before);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row!.status).toBe('confirmed');
  });

  it('a promotion edited into an end before its start, or onto another code, is refused and not logged', async () => {
    const first = await admin.post('/api/admin/promotions', promo({ code: 'KEEPME' }));
    const second = await admin.post('/api/admin/promotions', promo());
    expect([first.status, second.status]).toEqual([200, 200]);
    const before = await auditCount();
    const backwards = await admin.patch(`/api/admin/promotions/${second.body.id}`, {
      endDate: '2026-10-01T00:00:00Z',
    });
    expect(backwards.status).toBe(400);
    isError(backwards.body);
    const stolen = await admin.patch(`/api/admin/promotions/${second.body.id}`, { code: 'keepme' });
    expect(stolen.status).toBe(409);
    expect(await auditCount()).toBe(before);
    // Huge but allowed limits and a past window are stored as typed, each change logged with its admin.
    const edited = await admin2.patch(`/api/admin/promotions/${second.body.id}`, {
      maxUses: 1_000_000,
      startDate: '2020-01-01T00:00:00Z',
      endDate: '2020-02-01T00:00:00Z',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const entries = await auditFor('promotion', second.body.id);
    expect(entries.at(-1)).toMatchObject({ action: 'promotion.updated', adminUserId: admin2Id });
  });

  it('a promotion edited while a customer holds its code: the hold keeps the price it was given', async () => {
    const created = await admin.post('/api/admin/promotions', promo({ code: 'HELDCODE', discountValue: 20 }));
    expect(created.status).toBe(200);
    const buyer = await newCustomer();
    const { hold, paymentMethodId } = await holdWithCard(buyer, {
      providerId,
      serviceDate: torontoAt(15, '2026-11-27'),
      extra: { ...AT_HOME, promoCode: 'HELDCODE' },
    });
    const [before] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, hold.bookingId));
    expect(before!.discountCents).toBe(2000);
    const cut = await admin.patch(`/api/admin/promotions/${created.body.id}`, {
      discountValue: 5,
      maxUses: 1,
    });
    expect(cut.status).toBe(200);
    expect(cut.body.held).toBe(1);
    const paid = await buyer.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.paymentIntentId,
      paymentMethodId,
    });
    expect(paid.status).toBe(200);
    const [after] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, hold.bookingId));
    expect(after!.status).toBe('confirmed');
    expect(after!.totalCents).toBe(before!.totalCents);
  });

  it('two admins hide one review at once: one 200, one 409, one decision in the audit log', async () => {
    const reviewId = await insertReview(ctx.database.db, {
      providerId,
      rating: 1,
      comment: 'Rude and late, would not book again.',
      authorName: 'Someone Else',
    });
    const [a, b] = await Promise.all([
      admin.post(`/api/admin/reviews/${reviewId}/hide`, { reason: 'Abusive' }),
      admin2.post(`/api/admin/reviews/${reviewId}/hide`, { reason: 'Off topic' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await auditFor('review', reviewId)).toHaveLength(1);
  });

  it('a user made partner without a listing gets 4xx from the partner routes, and the change is logged with its admin', async () => {
    const person = await newCustomer();
    const users = await admin.get('/api/admin/users');
    const id = users.body.find((u: { email: string }) => u.email === person.email).id as number;
    const [a, b] = await Promise.all([
      admin.patch(`/api/admin/users/${id}`, { role: 'partner' }),
      admin2.patch(`/api/admin/users/${id}`, { role: 'partner' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await auditFor('user', id)).toHaveLength(1);
    for (const url of ['/api/partner/listing', '/api/partner/time-off', '/api/partner/tax-details']) {
      const res = await person.get(url);
      expect(res.status, url).toBe(404);
      isError(res.body);
    }
    const back = await admin2.patch(`/api/admin/users/${id}`, { role: 'user' });
    expect(back.status).toBe(200);
    expect((await auditFor('user', id)).at(-1)).toMatchObject({
      adminUserId: admin2Id,
      before: { role: 'partner' },
      after: { role: 'user' },
    });
  });

  it('there is no category administration to attack: no admin route creates, renames or deletes one', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/categories'],
      ['PATCH', '/api/admin/categories/1'],
      ['DELETE', '/api/admin/categories/1'],
      ['POST', '/api/categories'],
    ] as const) {
      const res = await admin.request({ method, url, body: method === 'DELETE' ? undefined : { name: 'X' } });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
  });
});
