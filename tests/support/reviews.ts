import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { completeDueBookings } from '../../src/server/modules/bookings/bookings.jobs';
import { bookAndPay, type Customer, signedInCustomer } from './api-booking';
import { createTestApp, type TestContext } from './app';
import { type Client, createClient } from './http';

/**
 * The world the review tests share: a salon owned by a partner, another partner's listing, an admin,
 * and new customers on demand, each with a completed booking to review (docs/product.md §8).
 */

export const MONDAY_7AM = '2026-11-23T12:00:00Z';
export const HOUR = 3_600_000;
export const REVIEW = { rating: 4, comment: 'On time, careful and friendly. Would book again.' };

export type ReviewWorld = {
  ctx: TestContext;
  providerId: number;
  otherProviderId: number;
  partner: Client;
  otherPartner: Client;
  admin: Client;
  anyone: Client;
  dataDir: string;
  /** A new signed-in customer. */
  customer(): Promise<Customer>;
  /** A booking of `client`'s, paid, then completed by the server; the clock is left 4 hours after its start. */
  completedBooking(client: Customer, serviceDate: string, providerId?: number): Promise<number>;
};

/** `hour` o'clock in Toronto on `date` (winter time, UTC-5). */
export const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

export async function createReviewWorld(
  clock: ReturnType<typeof fixedClock>,
  tag: string,
): Promise<ReviewWorld> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `trillium-${tag}-`));
  let providerId = 0;
  let otherProviderId = 0;
  const ctx = await createTestApp({
    clock,
    env: { DATA_DIR: dataDir },
    seed: async ({ db }) => {
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      const people = [
        ['owner', 'Sam Salon', 'partner'],
        ['owner2', 'Olive Other', 'partner'],
        ['admin', 'Ada Admin', 'admin'],
      ] as const;
      const ids: Record<string, number> = {};
      for (const [key, fullName, role] of people)
        ids[key] = await insertUser(db, {
          email: `${tag}.${key}@example.com`,
          fullName,
          password: DEMO_PASSWORD,
          role,
        });
      providerId = await insertProvider(db, {
        name: 'Queen West Salon',
        categoryId: salon,
        ownerUserId: ids.owner,
        services: [{ name: 'Haircut', priceCents: 10000 }],
      });
      otherProviderId = await insertProvider(db, {
        name: 'King East Salon',
        categoryId: salon,
        ownerUserId: ids.owner2,
        services: [{ name: 'Haircut', priceCents: 9000 }],
      });
    },
  });
  const signIn = async (key: string, ip: string) => {
    const client = createClient(ctx, { ip });
    const res = await client.request({
      method: 'POST',
      url: '/api/login',
      body: { email: `${tag}.${key}@example.com`, password: DEMO_PASSWORD, remember: true },
    });
    expect(res.status).toBe(200);
    return client;
  };
  let people = 0;
  return {
    ctx,
    providerId,
    otherProviderId,
    dataDir,
    partner: await signIn('owner', '10.76.1.1'),
    otherPartner: await signIn('owner2', '10.76.1.2'),
    admin: await signIn('admin', '10.76.1.3'),
    anyone: createClient(ctx, { ip: '10.76.1.4' }),
    customer: () => {
      const n = ++people;
      return signedInCustomer(ctx, {
        email: `${tag}.customer${n}@example.com`,
        fullName: `Rita Reviewer${n}`,
        ip: `10.76.0.${n}`,
      });
    },
    async completedBooking(client, serviceDate, onProvider = providerId) {
      clock.set(MONDAY_7AM);
      const { bookingId } = await bookAndPay(client, {
        providerId: onProvider,
        serviceDate,
        customerName: 'Rita Reviewer',
      });
      clock.set(new Date(Date.parse(serviceDate) + 4 * HOUR));
      await completeDueBookings(ctx.app.deps);
      const read = await client.get(`/api/bookings/${bookingId}`);
      expect(read.body.status).toBe('completed');
      return bookingId;
    },
  };
}

/**
 * The provider's rating and count, its histogram, its public list and its place in search all equal a
 * fresh aggregate over its visible reviews.
 */
export async function expectRatingConsistent(world: ReviewWorld, providerId = world.providerId) {
  const [fresh] = await queryRows<{ rating: string | null; n: number }>(
    world.ctx.database.db,
    sql`select round(avg(rating)::numeric, 1)::text as rating, count(*)::int as n
        from reviews where provider_id = ${providerId} and hidden_at is null`,
  );
  const expected = { rating: fresh!.rating === null ? null : Number(fresh!.rating), reviewCount: fresh!.n };
  const provider = await world.anyone.get(`/api/providers/${providerId}`);
  expect(provider.status).toBe(200);
  expect({ rating: provider.body.rating, reviewCount: provider.body.reviewCount }).toEqual(expected);
  const histogram = provider.body.ratingHistogram as Record<string, number>;
  expect(Object.values(histogram).reduce((a, b) => a + b, 0)).toBe(expected.reviewCount);
  const list = await world.anyone.get(`/api/providers/${providerId}/reviews`);
  expect(list.body).toHaveLength(expected.reviewCount);
  for (const star of [1, 2, 3, 4, 5])
    expect(histogram[star]).toBe(list.body.filter((r: { rating: number }) => r.rating === star).length);
  const search = await world.anyone.get('/api/providers?category=salon-services&sort=rating_desc');
  const found = (search.body as { id: number; rating: number | null; reviewCount: number }[]).find(
    (p) => p.id === providerId,
  );
  expect(found).toMatchObject(expected);
  return expected;
}
