import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { completeDueBookings } from '../../src/server/modules/bookings/bookings.jobs';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { createClient } from '../support/http';

// Issue "Verified reviews": only the customer of a completed booking, once, within 14 days.

const MONDAY_7AM = '2026-11-23T12:00:00Z';
const clock = fixedClock(MONDAY_7AM);
const HOUR = 3_600_000;
let ctx: TestContext;
let providerId: number;
let people = 0;

const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();
const customer = () => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `reviewer${n}@example.com`,
    fullName: `Rita Reviewer${n}`,
    ip: `10.75.0.${n}`,
  });
};

/** A booking paid for, then completed by the server 2 hours after its end; the clock left there. */
async function completedBooking(client: Customer, serviceDate: string) {
  clock.set(MONDAY_7AM);
  const { bookingId } = await bookAndPay(client, { providerId, serviceDate, customerName: 'Rita Reviewer' });
  clock.set(new Date(Date.parse(serviceDate) + 4 * HOUR));
  await completeDueBookings(ctx.app.deps);
  const read = await client.get(`/api/bookings/${bookingId}`);
  expect(read.body.status).toBe('completed');
  return bookingId;
}

const review = { rating: 4, comment: 'On time, careful and friendly. Would book again.' };

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    seed: async ({ db }) => {
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      const owner = await insertUser(db, {
        email: 'review.owner@example.com',
        fullName: 'Sam Salon',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      providerId = await insertProvider(db, {
        name: 'Queen West Salon',
        categoryId: salon,
        ownerUserId: owner,
        services: [{ name: 'Haircut', priceCents: 10000 }],
      });
    },
  });
});
afterAll(() => ctx.close());

describe('writing a review', () => {
  it('the customer of a completed booking reviews it once: verified, and the rating follows', async () => {
    const client = await customer();
    const id = await completedBooking(client, at(10, '2026-11-24'));
    const before = (await client.get(`/api/bookings/${id}`)).body;
    expect(before.allowedActions).toContain('review');
    expect(before.reviewId).toBeNull();
    const bad = await client.post(`/api/bookings/${id}/review`, { rating: 6, comment: 'short' });
    expect(bad.status).toBe(400);
    const made = await client.post(`/api/bookings/${id}/review`, review);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      rating: 4,
      bookingId: id,
      verified: true,
      user: { fullName: 'Rita Reviewer1' },
    });
    const provider = (await createClient(ctx).get(`/api/providers/${providerId}`)).body;
    expect(provider).toMatchObject({ rating: 4, reviewCount: 1 });
    const list = (await createClient(ctx).get(`/api/providers/${providerId}/reviews`)).body;
    expect(list[0]).toMatchObject({ id: made.body.id, verified: true });
    const again = await client.post(`/api/bookings/${id}/review`, review);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('reviews.already_reviewed');
    const after = (await client.get(`/api/bookings/${id}`)).body;
    expect(after.allowedActions).not.toContain('review');
    expect(after.reviewId).toBe(made.body.id);
  });

  it("refuses a booking not completed, someone else's, and a late one", async () => {
    const client = await customer();
    const stranger = await customer();
    clock.set(MONDAY_7AM);
    const { bookingId: upcoming } = await bookAndPay(client, {
      providerId,
      serviceDate: at(15, '2026-11-27'),
    });
    const notYet = await client.post(`/api/bookings/${upcoming}/review`, review);
    expect(notYet.status).toBe(403);
    expect(notYet.body.code).toBe('reviews.not_allowed');
    const done = await completedBooking(client, at(11, '2026-11-24'));
    expect((await stranger.post(`/api/bookings/${done}/review`, review)).status).toBe(404);
    clock.set(new Date(Date.parse(at(11, '2026-11-24')) + 15 * 24 * HOUR));
    const late = await client.post(`/api/bookings/${done}/review`, review);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('reviews.window_closed');
    expect((await client.get(`/api/bookings/${done}`)).body.allowedActions).not.toContain('review');
  });

  it('two submissions at once give one review', async () => {
    const client = await customer();
    const id = await completedBooking(client, at(13, '2026-11-24'));
    const answers = await Promise.all([1, 2].map(() => client.post(`/api/bookings/${id}/review`, review)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const provider = (await createClient(ctx).get(`/api/providers/${providerId}`)).body;
    const list = (await createClient(ctx).get(`/api/providers/${providerId}/reviews`)).body;
    expect(provider.reviewCount).toBe(list.length);
  });
});

describe('reading reviews', () => {
  it('sorts by recency or rating, filters one star count, pages, and refuses nonsense', async () => {
    const anyone = createClient(ctx);
    const all = (await anyone.get(`/api/providers/${providerId}/reviews`)).body as {
      rating: number;
      createdAt: string;
    }[];
    expect(all.length).toBeGreaterThan(0);
    const highest = (await anyone.get(`/api/providers/${providerId}/reviews?sort=highest`)).body as {
      rating: number;
    }[];
    expect(highest.map((r) => r.rating)).toEqual([...highest.map((r) => r.rating)].sort((a, b) => b - a));
    const lowest = (await anyone.get(`/api/providers/${providerId}/reviews?sort=lowest`)).body as {
      rating: number;
    }[];
    expect(lowest.map((r) => r.rating)).toEqual([...lowest.map((r) => r.rating)].sort((a, b) => a - b));
    const fours = (await anyone.get(`/api/providers/${providerId}/reviews?rating=4`)).body as {
      rating: number;
    }[];
    expect(fours.length).toBe(all.filter((r) => r.rating === 4).length);
    expect(fours.every((r) => r.rating === 4)).toBe(true);
    const page = (await anyone.get(`/api/providers/${providerId}/reviews?limit=1&offset=1`)).body;
    expect(page).toHaveLength(Math.min(1, all.length - 1));
    for (const bad of ['sort=best', 'rating=6', 'limit=0']) {
      const res = await anyone.get(`/api/providers/${providerId}/reviews?${bad}`);
      expect(res.status).toBe(400);
    }
  });
});
