import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory } from '../../src/server/db/seed/factories';
import { bookAndPay, type Customer } from '../support/api-booking';
import { createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { insertPartnerListing } from '../support/partners';
import {
  at,
  createReviewWorld,
  expectRatingConsistent,
  HOUR,
  MONDAY_7AM,
  REVIEW,
  type ReviewWorld,
} from '../support/reviews';

// A hostile pass over reviews (docs/product.md §8) and promo codes (§7): what a customer, a partner or
// an admin can do to them on purpose, and what an unlucky operator meets. Bugs fail; "checked: …" passes.

const clock = fixedClock(MONDAY_7AM);
const DAY = 24 * HOUR;
let world: ReviewWorld;
let codes = 0;
let slotN = 0;

/** A new free hour each time, from Tuesday 1 December 2026, Tuesday to Saturday, 9 AM to 4 PM Toronto. */
const nextSlot = () => {
  const n = slotN++;
  const day = 1 + (Math.floor(n / 8) % 5) + 7 * Math.floor(n / 40);
  return new Date(Date.UTC(2026, 11, day, 14 + (n % 8))).toISOString();
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
    ...extra,
  });
const validate = (client: Customer, code: string, providerId = world.providerId) =>
  client.post('/api/promo-codes/validate', { code, providerId });
const promotion = async (values: Record<string, unknown>) => {
  const res = await world.admin.post('/api/admin/promotions', {
    title: `Attack promotion ${++codes}`,
    description: 'A promotion made by the attack tests.',
    startDate: new Date(Date.parse(MONDAY_7AM) - DAY).toISOString(),
    endDate: new Date(Date.parse(MONDAY_7AM) + 60 * DAY).toISOString(),
    ...values,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; code: string };
};
const usesOf = async (id: number) => {
  const list = await world.admin.get('/api/admin/promotions');
  expect(list.status).toBe(200);
  const row = (list.body as { id: number; uses: number; held: number }[]).find((p) => p.id === id)!;
  return { uses: row.uses, held: row.held };
};
const expectError = (res: { status: number; body: unknown }, label: string) => {
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
  expect(res.body, label).toMatchObject({ code: expect.any(String), message: expect.any(String) });
};

beforeAll(async () => {
  world = await createReviewWorld(clock, 'rpattack');
});
afterAll(() => world.ctx.close());

// Bugs -------------------------------------------------------------------------------------------

describe('promotion terms an admin types', () => {
  it('a fixed discount, a category id or a limit beyond what the database stores is a 400, not a 500', async () => {
    clock.set(MONDAY_7AM);
    const base = {
      title: 'Too big',
      description: 'A promotion with numbers too large to store.',
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-12-31T00:00:00.000Z',
    };
    // $30 million off: more than a 32-bit integer of cents.
    const hugeFixed = await world.admin.post('/api/admin/promotions', {
      ...base,
      code: 'HUGE-FIXED',
      discountType: 'fixed',
      discountValue: 3_000_000_000,
    });
    const hugeCategory = await world.admin.post('/api/admin/promotions', {
      ...base,
      code: 'HUGE-CAT',
      discountType: 'percent',
      discountValue: 10,
      categoryIds: [3_000_000_000],
    });
    const made = await promotion({ code: 'PATCH-ME', discountType: 'fixed', discountValue: 500 });
    const patched = await world.admin.patch(`/api/admin/promotions/${made.id}`, {
      discountValue: 3_000_000_000,
    });
    const answers = { hugeFixed, hugeCategory, patched };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]))).toEqual({
      hugeFixed: 400,
      hugeCategory: 400,
      patched: 400,
    });
    for (const [label, res] of Object.entries(answers)) expectError(res, label);
  });
});

describe('a code paid the whole service', () => {
  it('a late cancellation refunds nothing, so the per-customer use stays made (§7: only a full refund gives it back)', async () => {
    clock.set(MONDAY_7AM);
    const free = await promotion({
      code: 'ALL-FREE',
      discountType: 'percent',
      discountValue: 100,
      maxUsesPerCustomer: 1,
    });
    const client = await world.customer();
    const serviceDate = at(10, '2026-11-26');
    const paid = await bookAndPay(client, {
      providerId: world.providerId,
      serviceDate,
      extra: { promoCode: 'ALL-FREE' },
    });
    const booking = await client.get(`/api/bookings/${paid.bookingId}`);
    expect(booking.status).toBe(200);
    expect(booking.body).toMatchObject({ status: 'confirmed', totalCents: 0, discountCents: 10000 });
    expect(await usesOf(free.id)).toEqual({ uses: 1, held: 0 });
    // Two hours before: the policy gives nothing back; the partner keeps the promotion's money.
    clock.set(new Date(Date.parse(serviceDate) - 2 * HOUR));
    const cancelled = await client.post(`/api/bookings/${paid.bookingId}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.refundAmount).toBe(0);
    // Nothing was refunded: the use was made and stays made.
    expect(await usesOf(free.id)).toEqual({ uses: 1, held: 0 });
    const again = await validate(client, 'ALL-FREE');
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.code).toBe('promo.limit_reached');
  });
});

describe('a hold with a code on a listing whose partner deletes their account', () => {
  it('the released hold gives its use back at once (§6: released holds are never taken back; §7)', async () => {
    clock.set(MONDAY_7AM);
    const db = world.ctx.database.db;
    const category = await insertCategory(db, { name: 'Pet Grooming', slug: 'pet-grooming-rp' });
    const { id: leavingId } = await insertPartnerListing(db, {
      ownerEmail: 'rpattack.leaving@example.com',
      ownerName: 'Lee Leaving',
      name: 'Leaving Groomers',
      categoryId: category,
      services: [{ name: 'Wash', priceCents: 8000 }],
    });
    const only = await promotion({
      code: 'ONE-SHOT',
      discountType: 'fixed',
      discountValue: 1000,
      maxUses: 1,
      maxUsesPerCustomer: 1,
    });
    const client = await world.customer();
    const held = await hold(client, leavingId, { promoCode: 'ONE-SHOT' });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(await usesOf(only.id)).toEqual({ uses: 0, held: 1 });

    const partner = createClient(world.ctx, { ip: '10.76.9.9' });
    expect(
      (
        await partner.post('/api/login', {
          email: 'rpattack.leaving@example.com',
          password: DEMO_PASSWORD,
          remember: true,
        })
      ).status,
    ).toBe(200);
    const gone = await partner.request({
      method: 'DELETE',
      url: '/api/user',
      body: { currentPassword: DEMO_PASSWORD },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    // The hold was released: its payment can never happen (Pay answers "no longer held").
    const mine = await client.get(`/api/bookings/${held.body.bookingId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.status).not.toBe('awaiting_payment');
    // So the code's only use is free again, for this customer at another listing and for everyone.
    expect(await usesOf(only.id)).toEqual({ uses: 0, held: 0 });
    const elsewhere = await validate(client, 'ONE-SHOT', world.providerId);
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
  });
});

// Checked ----------------------------------------------------------------------------------------

describe('checked: promo codes at the edges', () => {
  it('a code is good from its start instant to its end instant inclusive, and refused 1 ms outside', async () => {
    const start = '2026-11-25T15:00:00.000Z';
    const end = '2026-11-27T15:00:00.000Z';
    await promotion({
      code: 'EDGE-TIME',
      discountType: 'fixed',
      discountValue: 700,
      startDate: start,
      endDate: end,
    });
    const client = await world.customer();
    const tries: [string, number][] = [
      [new Date(Date.parse(start) - 1).toISOString(), 409],
      [start, 200],
      [end, 200],
      [new Date(Date.parse(end) + 1).toISOString(), 409],
    ];
    for (const [now, status] of tries) {
      clock.set(now);
      const res = await validate(client, 'EDGE-TIME');
      expect(res.status, now).toBe(status);
      if (status === 409) expect(res.body.code).toBe('promo.expired');
    }
    clock.set(MONDAY_7AM);
  });

  it('case and space variants are one code; the same hold asked again in another case is the same hold, one use', async () => {
    clock.set(MONDAY_7AM);
    const p = await promotion({ code: 'MiXed-1', discountType: 'fixed', discountValue: 300, maxUses: 5 });
    expect(p.code).toBe('MIXED-1');
    const client = await world.customer();
    for (const variant of ['mixed-1', '  MIXED-1  ', 'Mixed-1'])
      expect((await validate(client, variant)).status, variant).toBe(200);
    expect((await validate(client, 'MIXED 1')).status).toBe(404);
    const slot = nextSlot();
    const first = await hold(client, world.providerId, { promoCode: 'mixed-1' }, slot);
    expect(first.status).toBe(200);
    const second = await hold(client, world.providerId, { promoCode: ' MIXED-1 ' }, slot);
    expect(second.status).toBe(200);
    expect(second.body.bookingId).toBe(first.body.bookingId);
    expect(await usesOf(p.id)).toEqual({ uses: 0, held: 1 });
    // Replaced by a hold at another time with the same code: still one use held; then by one without: none.
    const moved = await hold(client, world.providerId, { promoCode: 'MIXED-1' });
    expect(moved.status).toBe(200);
    expect(await usesOf(p.id)).toEqual({ uses: 0, held: 1 });
    const plain = await hold(client, world.providerId, {});
    expect(plain.status).toBe(200);
    expect(await usesOf(p.id)).toEqual({ uses: 0, held: 0 });
    await runDueJobs(world.ctx);
    expect(await usesOf(p.id)).toEqual({ uses: 0, held: 0 });
  });

  it('one customer, two holds at once at two listings, a code once per customer: one hold gets it', async () => {
    clock.set(MONDAY_7AM);
    const p = await promotion({
      code: 'ONCE-EACH',
      discountType: 'fixed',
      discountValue: 400,
      maxUsesPerCustomer: 1,
    });
    const client = await world.customer();
    const answers = await Promise.all([
      hold(client, world.providerId, { promoCode: 'ONCE-EACH' }),
      hold(client, world.otherProviderId, { promoCode: 'ONCE-EACH' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('promo.limit_reached');
    expect(await usesOf(p.id)).toEqual({ uses: 0, held: 1 });
  });

  it('ten customers racing for a code with 3 uses: exactly 3 holds; a percentage over 100 is refused', async () => {
    clock.set(MONDAY_7AM);
    const p = await promotion({ code: 'THREE-ONLY', discountType: 'percent', discountValue: 15, maxUses: 3 });
    const racers = await Promise.all(Array.from({ length: 10 }, () => world.customer()));
    const slots = racers.map(() => nextSlot());
    const answers = await Promise.all(
      racers.map((r, i) =>
        hold(r, i % 2 ? world.providerId : world.otherProviderId, { promoCode: 'three-only' }, slots[i]),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'promo.limit_reached')).toHaveLength(7);
    expect(await usesOf(p.id)).toEqual({ uses: 0, held: 3 });
    const over = await world.admin.patch(`/api/admin/promotions/${p.id}`, { discountValue: 101 });
    expect(over.status).toBe(400);
    // Lowering the total limit under the holds already taken refuses newcomers and keeps the holds.
    const lowered = await world.admin.patch(`/api/admin/promotions/${p.id}`, { maxUses: 1 });
    expect(lowered.status).toBe(200);
    const late = await world.customer();
    expect((await validate(late, 'THREE-ONLY')).body.code).toBe('promo.limit_reached');
  });

  it('a fixed discount over the price takes the price only: the total is never negative', async () => {
    clock.set(MONDAY_7AM);
    await promotion({ code: 'MORE-THAN', discountType: 'fixed', discountValue: 50_000 });
    const client = await world.customer();
    const res = await validate(client, 'MORE-THAN');
    expect(res.status).toBe(200);
    expect(res.body.discountCents).toBe(10000);
    expect(res.body.totalCents).toBe(0);
  });
});

describe('checked: reviews under attack', () => {
  it('the window is 14 days after completion to the millisecond', async () => {
    const client = await world.customer();
    const id = await world.completedBooking(client, at(11, '2026-11-24'));
    const completedAt = Date.parse(clock.now().toISOString());
    clock.set(new Date(completedAt + 14 * DAY + 1));
    const late = await client.post(`/api/bookings/${id}/review`, REVIEW);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('reviews.window_closed');
    clock.set(new Date(completedAt + 14 * DAY));
    const inTime = await client.post(`/api/bookings/${id}/review`, REVIEW);
    expect(inTime.status).toBe(201);
  });

  it('a partner cannot answer another listing’s review; hidden reviews cannot be answered, edited or reported', async () => {
    const author = await world.customer();
    const other = await world.customer();
    const id = await world.completedBooking(author, at(13, '2026-11-24'));
    const made = await author.post(`/api/bookings/${id}/review`, REVIEW);
    expect(made.status).toBe(201);
    const rid = made.body.id as number;
    const wrong = await world.otherPartner.post(`/api/partner/reviews/${rid}/reply`, {
      text: 'Not my listing at all.',
    });
    expect(wrong.status).toBe(404);
    const own = await author.post(`/api/reviews/${rid}/report`, { reason: 'I want it gone myself.' });
    expectError(own, 'own report');
    const fifty = await Promise.all(
      Array.from({ length: 12 }, () =>
        other.post(`/api/reviews/${rid}/report`, { reason: 'Spam spam spam spam.' }),
      ),
    );
    expect(fifty.filter((r) => r.status === 201)).toHaveLength(1);
    expect(fifty.filter((r) => r.status === 200)).toHaveLength(11);
    const listed = (await world.admin.get('/api/admin/reviews?state=reported')).body as {
      id: number;
      openReports: unknown[];
    }[];
    expect(listed.find((r) => r.id === rid)!.openReports).toHaveLength(1);
    // Moderation racing an edit: whichever goes first, the numbers equal the visible reviews.
    const [hid, edited] = await Promise.all([
      world.admin.post(`/api/admin/reviews/${rid}/hide`, { reason: 'Racing an edit.' }),
      author.put(`/api/reviews/${rid}`, { rating: 1, comment: 'Changed my mind entirely about it.' }),
    ]);
    expect(hid.status).toBe(200);
    expect([200, 409]).toContain(edited.status);
    await expectRatingConsistent(world);
    expect((await author.put(`/api/reviews/${rid}`, REVIEW)).status).toBe(409);
    expect(
      (await world.partner.post(`/api/partner/reviews/${rid}/reply`, { text: 'Replying to hidden.' })).status,
    ).toBe(409);
    expect(
      (await other.post(`/api/reviews/${rid}/report`, { reason: 'Reporting a hidden one.' })).status,
    ).toBe(404);
    expect(
      (await world.admin.post(`/api/admin/reviews/${rid}/restore`, { reason: 'Back it comes.' })).status,
    ).toBe(200);
    await expectRatingConsistent(world);
  });

  it('one uploaded photo named by two reviews at once ends in one review only', async () => {
    const client = await world.customer();
    const a = await world.completedBooking(client, at(14, '2026-11-24'));
    const b = await world.completedBooking(client, at(15, '2026-11-24'));
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp({
      create: { width: 50, height: 40, channels: 3, background: { r: 9, g: 9, b: 9 } },
    })
      .jpeg()
      .toBuffer();
    const data = new FormData();
    data.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'x.jpg');
    const up = await client.post('/api/reviews/photos', data);
    expect(up.status).toBe(201);
    const photo = up.body.photos[0].id as string;
    const dup = await client.post(`/api/bookings/${a}/review`, { ...REVIEW, photos: [photo, photo] });
    expectError(dup, 'same photo twice');
    const both = await Promise.all([
      client.post(`/api/bookings/${a}/review`, { ...REVIEW, photos: [photo] }),
      client.post(`/api/bookings/${b}/review`, { ...REVIEW, photos: [photo] }),
    ]);
    expect(both.filter((r) => r.status === 201)).toHaveLength(1);
    expectError(both.find((r) => r.status !== 201)!, 'photo reused');
    const [row] = await queryRows<{ n: number }>(
      world.ctx.database.db,
      sql`select count(*)::int as n from reviews where photos::text like ${`%${photo}%`}`,
    );
    expect(row!.n).toBe(1);
  });

  it('the rating still equals the visible reviews after the author deletes their account', async () => {
    const client = await world.customer();
    const id = await world.completedBooking(client, at(16, '2026-11-24'));
    expect(
      (await client.post(`/api/bookings/${id}/review`, { rating: 1, comment: 'Terrible, never again here.' }))
        .status,
    ).toBe(201);
    const before = await expectRatingConsistent(world);
    const gone = await client.request({
      method: 'DELETE',
      url: '/api/user',
      body: { currentPassword: DEMO_PASSWORD },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await expectRatingConsistent(world)).toEqual(before);
  });

  it('malformed ids and bodies are 4xx {code, message}', async () => {
    const client = await world.customer();
    for (const bad of ['-1', '0', '1e309', '1;%20drop', '99999999999', 'abc', '1.5']) {
      expectError(await client.post(`/api/bookings/${bad}/review`, REVIEW), `review ${bad}`);
      expectError(await client.put(`/api/reviews/${bad}`, REVIEW), `edit ${bad}`);
      expectError(
        await client.post(`/api/reviews/${bad}/report`, { reason: 'Bad id report.' }),
        `report ${bad}`,
      );
      expectError(
        await world.partner.post(`/api/partner/reviews/${bad}/reply`, { text: 'Bad id reply.' }),
        `reply ${bad}`,
      );
      expectError(
        await world.admin.post(`/api/admin/reviews/${bad}/hide`, { reason: 'Bad id.' }),
        `hide ${bad}`,
      );
      expectError(
        await world.admin.patch(`/api/admin/promotions/${bad}`, { isActive: false }),
        `promotion ${bad}`,
      );
    }
    for (const body of [
      { rating: Number('1e309'), comment: REVIEW.comment },
      { rating: '5; drop table reviews', comment: REVIEW.comment },
      { rating: 5, comment: 'x'.repeat(50_000) },
      { rating: 5, comment: REVIEW.comment, photos: 'not-a-list' },
      { rating: 5, comment: REVIEW.comment, photos: Array.from({ length: 500 }, () => 'a') },
    ])
      expectError(await client.post('/api/bookings/1/review', body), JSON.stringify(body).slice(0, 60));
    for (const body of [
      { code: 'x'.repeat(5000), providerId: world.providerId },
      { code: 'SAVE', providerId: Number('1e309') },
      { code: 'SAVE', providerId: '1; drop' },
      { code: 12, providerId: world.providerId },
    ])
      expectError(await client.post('/api/promo-codes/validate', body), JSON.stringify(body).slice(0, 60));
    expectError(await hold(client, world.providerId, { promoCode: { $ne: 1 } }), 'object promo code');
    // A photo id that is not an upload of this customer, or a path.
    const id = await world.completedBooking(client, at(9, '2026-11-27'));
    expectError(
      await client.post(`/api/bookings/${id}/review`, { ...REVIEW, photos: ['photo-00000000.webp'] }),
      'unknown photo id',
    );
  });
});
