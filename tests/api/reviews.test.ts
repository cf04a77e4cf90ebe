import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import {
  at,
  createReviewWorld,
  expectRatingConsistent,
  HOUR,
  MONDAY_7AM,
  REVIEW,
  type ReviewWorld,
} from '../support/reviews';
import { bookAndPay } from '../support/api-booking';

// Issue "Verified reviews": only the customer of a completed booking, once, within 14 days; the author
// edits for 48 hours; the provider's numbers always equal its visible reviews (docs/product.md §8).

const clock = fixedClock(MONDAY_7AM);
let world: ReviewWorld;

beforeAll(async () => {
  world = await createReviewWorld(clock, 'reviews');
});
afterAll(() => world.ctx.close());

describe('writing a review', () => {
  it('the customer of a completed booking reviews it once: verified, and the rating follows', async () => {
    const client = await world.customer();
    const id = await world.completedBooking(client, at(10, '2026-11-24'));
    const before = (await client.get(`/api/bookings/${id}`)).body;
    expect(before.allowedActions).toContain('review');
    expect(before.reviewId).toBeNull();
    const bad = await client.post(`/api/bookings/${id}/review`, { rating: 6, comment: 'short' });
    expect(bad.status).toBe(400);
    const made = await client.post(`/api/bookings/${id}/review`, REVIEW);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      rating: 4,
      bookingId: id,
      verified: true,
      edited: false,
      reply: null,
      photos: [],
      hidden: false,
      providerId: world.providerId,
      user: { fullName: 'Rita Reviewer1' },
    });
    expect(Date.parse(made.body.editableUntil) - clock.now().getTime()).toBe(48 * HOUR);
    expect(await expectRatingConsistent(world)).toEqual({ rating: 4, reviewCount: 1 });
    const list = (await world.anyone.get(`/api/providers/${world.providerId}/reviews`)).body;
    expect(list[0]).toMatchObject({ id: made.body.id, verified: true, edited: false, reply: null });
    const again = await client.post(`/api/bookings/${id}/review`, REVIEW);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('reviews.already_reviewed');
    const after = (await client.get(`/api/bookings/${id}`)).body;
    expect(after.allowedActions).not.toContain('review');
    expect(after.reviewId).toBe(made.body.id);
  });

  it("refuses a booking not completed, a cancelled one, someone else's (404), and a late one", async () => {
    const client = await world.customer();
    const stranger = await world.customer();
    clock.set(MONDAY_7AM);
    const { bookingId: upcoming } = await bookAndPay(client, {
      providerId: world.providerId,
      serviceDate: at(15, '2026-11-27'),
    });
    const notYet = await client.post(`/api/bookings/${upcoming}/review`, REVIEW);
    expect(notYet.status).toBe(403);
    expect(notYet.body).toMatchObject({ code: 'reviews.not_allowed', message: expect.any(String) });
    expect((await client.post(`/api/bookings/${upcoming}/cancel`, {})).status).toBe(200);
    const cancelled = await client.post(`/api/bookings/${upcoming}/review`, REVIEW);
    expect(cancelled.status).toBe(403);
    expect(cancelled.body.code).toBe('reviews.not_allowed');
    const done = await world.completedBooking(client, at(11, '2026-11-24'));
    // Another customer's booking is the same 404 as a missing one (docs/product.md §3).
    const foreign = await stranger.post(`/api/bookings/${done}/review`, REVIEW);
    const missing = await stranger.post('/api/bookings/999999/review', REVIEW);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await world.anyone.post(`/api/bookings/${done}/review`, REVIEW)).status).toBe(401);
    clock.set(new Date(Date.parse(at(11, '2026-11-24')) + 15 * 24 * HOUR));
    const late = await client.post(`/api/bookings/${done}/review`, REVIEW);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('reviews.window_closed');
    expect((await client.get(`/api/bookings/${done}`)).body.allowedActions).not.toContain('review');
  });

  it('two submissions at once give one review', async () => {
    const client = await world.customer();
    const id = await world.completedBooking(client, at(13, '2026-11-24'));
    const answers = await Promise.all([1, 2].map(() => client.post(`/api/bookings/${id}/review`, REVIEW)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    await expectRatingConsistent(world);
  });
});

describe('editing a review', () => {
  it('the author changes rating and comment within 48 hours; it says Edited and the numbers follow', async () => {
    const client = await world.customer();
    const stranger = await world.customer();
    const id = await world.completedBooking(client, at(14, '2026-11-24'));
    const made = await client.post(`/api/bookings/${id}/review`, {
      rating: 5,
      comment: 'Great cut, lovely people.',
    });
    expect(made.status).toBe(201);
    const reviewId = made.body.id as number;
    await expectRatingConsistent(world);

    const own = await client.get(`/api/reviews/${reviewId}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: reviewId, rating: 5, edited: false });
    // Someone else's review is the same 404 as a missing one, to read and to edit.
    for (const url of [`/api/reviews/${reviewId}`, '/api/reviews/999999']) {
      expect((await stranger.get(url)).body.code).toBe('reviews.not_found');
      const put = await stranger.put(url, { rating: 1, comment: 'Not my review at all, really.' });
      expect(put.status).toBe(404);
      expect(put.body.code).toBe('reviews.not_found');
    }
    expect((await world.anyone.put(`/api/reviews/${reviewId}`, REVIEW)).status).toBe(401);
    expect((await client.put(`/api/reviews/${reviewId}`, { rating: 0, comment: 'x' })).status).toBe(400);

    // The same text again is no change.
    const same = await client.put(`/api/reviews/${reviewId}`, {
      rating: 5,
      comment: 'Great cut, lovely people.',
    });
    expect(same.status).toBe(200);
    expect(same.body.edited).toBe(false);

    clock.advance(47 * HOUR);
    const edited = await client.put(`/api/reviews/${reviewId}`, {
      rating: 2,
      comment: 'Looked fine at first, but it grew out badly.',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      rating: 2,
      edited: true,
      comment: 'Looked fine at first, but it grew out badly.',
    });
    const listed = (await world.anyone.get(`/api/providers/${world.providerId}/reviews`)).body.find(
      (r: { id: number }) => r.id === reviewId,
    );
    expect(listed).toMatchObject({ rating: 2, edited: true });
    await expectRatingConsistent(world);

    clock.advance(1 * HOUR + 1000);
    const late = await client.put(`/api/reviews/${reviewId}`, REVIEW);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('reviews.edit_window_closed');
    expect((await client.get(`/api/reviews/${reviewId}`)).body.rating).toBe(2);
  });
});

describe('reading reviews', () => {
  it('sorts by recency or rating, filters one star count, pages, and refuses nonsense', async () => {
    const all = (await world.anyone.get(`/api/providers/${world.providerId}/reviews`)).body as {
      rating: number;
      createdAt: string;
    }[];
    expect(all.length).toBeGreaterThan(2);
    const highest = (await world.anyone.get(`/api/providers/${world.providerId}/reviews?sort=highest`))
      .body as {
      rating: number;
    }[];
    expect(highest.map((r) => r.rating)).toEqual([...highest.map((r) => r.rating)].sort((a, b) => b - a));
    const lowest = (await world.anyone.get(`/api/providers/${world.providerId}/reviews?sort=lowest`))
      .body as {
      rating: number;
    }[];
    expect(lowest.map((r) => r.rating)).toEqual([...lowest.map((r) => r.rating)].sort((a, b) => a - b));
    const fours = (await world.anyone.get(`/api/providers/${world.providerId}/reviews?rating=4`)).body as {
      rating: number;
    }[];
    expect(fours.length).toBe(all.filter((r) => r.rating === 4).length);
    expect(fours.every((r) => r.rating === 4)).toBe(true);
    const provider = (await world.anyone.get(`/api/providers/${world.providerId}`)).body;
    expect(provider.ratingHistogram['4']).toBe(fours.length);
    const page = (await world.anyone.get(`/api/providers/${world.providerId}/reviews?limit=1&offset=1`)).body;
    expect(page).toHaveLength(1);
    expect(page[0]).toEqual(all[1]);
    for (const bad of ['sort=best', 'rating=6', 'limit=0']) {
      const res = await world.anyone.get(`/api/providers/${world.providerId}/reviews?${bad}`);
      expect(res.status).toBe(400);
    }
    const none = (await world.anyone.get(`/api/providers/${world.otherProviderId}`)).body;
    expect(none).toMatchObject({
      rating: null,
      reviewCount: 0,
      ratingHistogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
  });
});
