import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { createDemoApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';

// Issue "Verified reviews", demo data: a fresh start shows the whole flow (the customer reviews the
// Deep Cleaning done three days ago, the partner replies, the admin has a report to decide).

const NOW = new Date('2026-11-23T17:00:00Z');
let ctx: TestContext;
const signIn = async (email: string, ip: string): Promise<Client> => {
  const client = createClient(ctx, { ip });
  await client.login(email, DEMO_PASSWORD);
  return client;
};

beforeAll(async () => {
  ctx = await createDemoApp(NOW, 'review-demo');
});
afterAll(() => ctx.close());

describe('the demo review flow', () => {
  it('the customer reviews the Deep Cleaning, the partner replies to it, the admin has a report', async () => {
    const customer = await signIn('customer@example.com', '10.77.0.1');
    const partner = await signIn('partner@example.com', '10.77.0.2');
    const admin = await signIn('admin@example.com', '10.77.0.3');
    const listing = (await partner.get('/api/partner/listing')).body;

    const past = (await customer.get('/api/bookings?scope=past')).body as {
      id: number;
      providerId: number;
      serviceTitle: string;
      allowedActions: string[];
    }[];
    const reviewable = past.filter((b) => b.allowedActions.includes('review'));
    const deepCleaning = reviewable.find((b) => b.serviceTitle === 'Deep Cleaning');
    expect(deepCleaning?.providerId).toBe(listing.id);

    const before = (await partner.get('/api/partner/reviews')).body as {
      needsReply: boolean;
      reply: unknown;
    }[];
    expect(before.length).toBeGreaterThan(1);
    expect(before.filter((r) => r.reply !== null)).toHaveLength(1);
    expect(before.filter((r) => r.needsReply).length).toBe(before.length - 1);

    const made = await customer.post(`/api/bookings/${deepCleaning!.id}/review`, {
      rating: 5,
      comment: 'The kitchen has never been this clean. Thank you!',
    });
    expect(made.status).toBe(201);
    expect(made.body.verified).toBe(true);
    const fresh = (await partner.get('/api/partner/reviews')).body[0];
    expect(fresh).toMatchObject({ id: made.body.id, needsReply: true });
    const reply = await partner.post(`/api/partner/reviews/${made.body.id}/reply`, {
      text: 'Thank you, Chris! See you at the next cleaning.',
    });
    expect(reply.status).toBe(201);

    const reported = (await admin.get('/api/admin/reviews')).body;
    expect(reported).toHaveLength(1);
    expect(reported[0].openReports[0].reason).toMatch(/^Not about this service/);
  });

  it('seeded reviews tied to a booking are verified, the others are not', async () => {
    const providers = (await createClient(ctx).get('/api/providers?limit=100')).body as { id: number }[];
    let verified = 0;
    let unverified = 0;
    for (const { id } of providers.slice(0, 20)) {
      const reviews = (await createClient(ctx).get(`/api/providers/${id}/reviews`)).body as {
        bookingId: number | null;
        verified: boolean;
      }[];
      for (const review of reviews) {
        expect(review.verified).toBe(review.bookingId !== null);
        if (review.verified) verified++;
        else unverified++;
      }
    }
    expect(verified).toBeGreaterThan(0);
    expect(unverified).toBeGreaterThan(0);
  });
});
