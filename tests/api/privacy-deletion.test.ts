import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertUser } from '../../src/server/db/seed/factories';
import { bookAndPay, type Customer } from '../support/api-booking';
import { createClient } from '../support/http';
import { emailsTo } from '../support/outbox';
import {
  at,
  createReviewWorld,
  expectRatingConsistent,
  HOUR,
  MONDAY_7AM,
  type ReviewWorld,
} from '../support/reviews';

// Issue 19, "Delete my account" (docs/product.md §15): upcoming bookings cancelled under their
// policies, the person erased everywhere (reviews kept as "Deleted user" and still counted), the
// books kept without them, sessions ended, the address free again; partners and the last admin.

const clock = fixedClock(MONDAY_7AM);
let world: ReviewWorld;

beforeAll(async () => {
  world = await createReviewWorld(clock, 'deletion');
});
afterAll(() => world.ctx.close());

const db = () => world.ctx.database.db;

async function bookingRow(id: number) {
  const [row] = await queryRows<{
    customer_id: number | null;
    customer_name: string;
    customer_email: string;
    customer_phone: string | null;
    service_address: unknown;
    status: string;
    total_cents: number;
  }>(
    db(),
    sql`select customer_id, customer_name, customer_email, customer_phone, service_address, status, total_cents
        from bookings where id = ${id}`,
  );
  return row!;
}

describe('DELETE /api/user', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const customer = await world.customer();
    const wrong = await customer.request({
      method: 'DELETE',
      url: '/api/user',
      body: { currentPassword: 'Nope!2026' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('auth.wrong_current_password');
    const missing = await customer.request({ method: 'DELETE', url: '/api/user', body: {} });
    expect(missing.status).toBe(400);
    expect((await customer.get('/api/user')).status).toBe(200);
    expect(
      (
        await world.anyone.request({
          method: 'DELETE',
          url: '/api/user',
          body: { currentPassword: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(401);
  });

  it('shows, then cancels, the upcoming bookings under their policy; erases the person; keeps the books', async () => {
    clock.set(MONDAY_7AM);
    const customer = await world.customer();
    const secondDevice = createClient(world.ctx, { ip: '10.76.9.9' });
    expect(
      (
        await secondDevice.post('/api/login', {
          email: customer.email,
          password: DEMO_PASSWORD,
          remember: true,
        })
      ).status,
    ).toBe(200);
    // A completed booking reviewed, and an upcoming one 23 hours away (flexible policy: 50% back).
    const done = await world.completedBooking(customer, at(10, '2026-11-24'));
    const reviewed = await customer.post(`/api/bookings/${done}/review`, {
      rating: 2,
      comment: 'Late and rushed, but the cut was fine.',
    });
    expect(reviewed.status).toBe(201);
    const ratingBefore = (await world.anyone.get(`/api/providers/${world.providerId}`)).body;
    const upcoming = await bookAndPay(customer, {
      providerId: world.providerId,
      serviceDate: at(13, '2026-11-26'),
      customerName: 'Dana Deleted',
      extra: { customerPhone: '416-555-0199', notes: 'Ring twice' },
    });
    clock.set(new Date(Date.parse(at(13, '2026-11-26')) - 23 * HOUR));
    const total = (await bookingRow(upcoming.bookingId)).total_cents;

    const preview = await customer.get('/api/user/deletion-preview');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      canDelete: true,
      listing: null,
      totalRefundCents: Math.round(total / 2),
      bookings: [
        expect.objectContaining({
          id: upcoming.bookingId,
          refundPercent: 50,
          refundCents: Math.round(total / 2),
        }),
      ],
    });

    const deleted = await customer.request({
      method: 'DELETE',
      url: '/api/user',
      body: { currentPassword: DEMO_PASSWORD },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ cancelledBookings: 1, totalRefundCents: Math.round(total / 2) });
    expect(String(deleted.headers['set-cookie'])).toMatch(/trillium_session=;/);

    // Nothing of the person is left anywhere else.
    const left = await queryRows<{ n: number }>(
      db(),
      sql`select (select count(*) from users where lower(email) = lower(${customer.email}))
               + (select count(*) from bookings where customer_email = ${customer.email} or customer_name = 'Dana Deleted')
               + (select count(*) from reviews where author_name like 'Rita Reviewer%' and booking_id = ${done})
               + (select count(*) from sandbox_cards where billing_email = ${customer.email})
               + (select count(*) from login_attempts where email_key = lower(${customer.email}))::int as n`,
    );
    expect(Number(left[0]!.n)).toBe(0);

    // Sessions end at once, everywhere; the password no longer signs in.
    expect((await customer.get('/api/user')).status).toBe(401);
    expect((await secondDevice.get('/api/user')).status).toBe(401);
    const signIn = await createClient(world.ctx, { ip: '10.76.9.10' }).request({
      method: 'POST',
      url: '/api/login',
      body: { email: customer.email, password: DEMO_PASSWORD },
    });
    expect(signIn.status).toBe(401);

    // The upcoming booking: cancelled by the customer, half refunded through the queue; kept, without them.
    const cancelled = await bookingRow(upcoming.bookingId);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      customer_id: null,
      customer_name: 'Deleted user',
      customer_email: 'deleted-user@erased.invalid',
      customer_phone: null,
      service_address: null,
    });
    const refunds = await queryRows<{ amount_cents: number }>(
      db(),
      sql`select amount_cents from refunds where booking_id = ${upcoming.bookingId}`,
    );
    expect(refunds).toEqual([{ amount_cents: Math.round(total / 2) }]);
    const payments = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from payments where booking_id in (${done}, ${upcoming.bookingId})`,
    );
    expect(payments[0]!.n).toBe(2);
    expect((await bookingRow(done)).customer_name).toBe('Deleted user');

    // The outbox: only the goodbye waits for them, marked to be erased once sent; the partner was told.
    const waiting = await emailsTo(db(), customer.email);
    expect(waiting.map((e) => [e.kind, e.eraseAfterSend])).toEqual([['account_deleted', true]]);
    expect(waiting[0]!.textBody).toContain('Your upcoming bookings were cancelled');
    expect(waiting[0]!.textBody).toContain(upcoming.referenceNumber);
    const partnerTold = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from email_outbox where kind = 'partner_booking_cancelled' and to_address = 'deletion.owner@example.com'`,
    );
    expect(partnerTold[0]!.n).toBe(1);

    // The review stays, anonymised, and still counts in the rating.
    const reviews = await world.anyone.get(`/api/providers/${world.providerId}/reviews`);
    expect(reviews.status).toBe(200);
    const kept = reviews.body.find((r: { id: number }) => r.id === reviewed.body.id);
    expect(kept).toMatchObject({ rating: 2, user: { fullName: 'Deleted user' }, verified: true });
    const ratingAfter = (await world.anyone.get(`/api/providers/${world.providerId}`)).body;
    expect({ rating: ratingAfter.rating, reviewCount: ratingAfter.reviewCount }).toEqual({
      rating: ratingBefore.rating,
      reviewCount: ratingBefore.reviewCount,
    });
    expect(ratingAfter.reviewCount).toBeGreaterThan(0);
    await expectRatingConsistent(world);

    // The address can sign up again: a new, empty account.
    const again = createClient(world.ctx, { ip: '10.76.9.11' });
    const registered = await again.post('/api/register', {
      email: customer.email,
      password: 'Fresh-Start!2027',
      fullName: 'Dana Again',
      phone: '',
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const fresh = await again.get('/api/user/export');
    expect(fresh.status).toBe(200);
    expect(fresh.body.bookings).toEqual([]);
    expect(fresh.body.reviews).toEqual([]);
  });

  it('a partner: the listing unpublished, its upcoming bookings cancelled with full refunds', async () => {
    clock.set(MONDAY_7AM);
    const ownerId = await insertUser(db(), {
      email: 'deletion.leaving@example.com',
      fullName: 'Lee Leaving',
      password: DEMO_PASSWORD,
      role: 'partner',
    });
    const { insertProvider, insertCategory } = await import('../../src/server/db/seed/factories');
    const category = await insertCategory(db(), { name: 'Pet Grooming', slug: 'pet-grooming' });
    const providerId = await insertProvider(db(), {
      name: 'Leaving Paws',
      categoryId: category,
      ownerUserId: ownerId,
      services: [{ name: 'Bath', priceCents: 6000 }],
    });
    const partner = createClient(world.ctx, { ip: '10.76.9.20' });
    const signedIn = await partner.post('/api/login', {
      email: 'deletion.leaving@example.com',
      password: DEMO_PASSWORD,
      remember: true,
    });
    expect(signedIn.status).toBe(200);
    const customer: Customer = await world.customer();
    const booked = await bookAndPay(customer, { providerId, serviceDate: at(10, '2026-11-25') });
    // Another customer is in the middle of paying for a time there: that hold is released.
    const holder: Customer = await world.customer();
    const held = await holder.post('/api/create-payment-intent', {
      providerId,
      serviceDate: at(14, '2026-11-25'),
      customerName: 'Hal Holder',
      customerEmail: holder.email,
    });
    expect(held.status).toBe(200);
    // Two hours before: the customer's own policy would give nothing back, the partner leaving gives all.
    clock.set(new Date(Date.parse(at(10, '2026-11-25')) - 2 * HOUR));

    const preview = await partner.get('/api/user/deletion-preview');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      canDelete: true,
      listing: { name: 'Leaving Paws', upcomingBookings: 1 },
    });

    const deleted = await partner.request({
      method: 'DELETE',
      url: '/api/user',
      body: { currentPassword: DEMO_PASSWORD },
    });
    expect(deleted.status).toBe(200);

    const seen = await customer.get(`/api/bookings/${booked.bookingId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.status).toBe('cancelled');
    const refund = await queryRows<{ amount_cents: number; total: number }>(
      db(),
      sql`select r.amount_cents, b.total_cents as total from refunds r join bookings b on b.id = r.booking_id
          where r.booking_id = ${booked.bookingId}`,
    );
    expect(refund).toHaveLength(1);
    expect(refund[0]!.amount_cents).toBe(refund[0]!.total);
    expect((await emailsTo(db(), customer.email)).some((e) => e.kind === 'booking_cancelled')).toBe(true);

    const hold = await queryRows<{ status: string }>(
      db(),
      sql`select status from bookings where id = ${held.body.bookingId}`,
    );
    expect(hold).toEqual([{ status: 'expired' }]);
    expect((await world.anyone.get(`/api/providers/${providerId}`)).status).toBe(404);
    const search = await world.anyone.get('/api/providers?search=Leaving%20Paws');
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).not.toContain('Leaving Paws');
    const owner = await queryRows<{ owner_user_id: number | null; is_active: boolean }>(
      db(),
      sql`select owner_user_id, is_active from providers where id = ${providerId}`,
    );
    expect(owner).toEqual([{ owner_user_id: null, is_active: false }]);
  });

  it('the last admin cannot delete themselves; with a second admin they can', async () => {
    const preview = await world.admin.get('/api/user/deletion-preview');
    expect(preview.status).toBe(200);
    expect(preview.body.canDelete).toBe(false);
    expect(preview.body.blockedReason).toMatch(/only admin/);
    const refused = await world.admin.request({
      method: 'DELETE',
      url: '/api/user',
      body: { currentPassword: DEMO_PASSWORD },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('privacy.last_admin');
    expect((await world.admin.get('/api/user')).status).toBe(200);

    await insertUser(db(), {
      email: 'deletion.admin2@example.com',
      fullName: 'Second Admin',
      password: DEMO_PASSWORD,
      role: 'admin',
    });
    expect((await world.admin.get('/api/user/deletion-preview')).body.canDelete).toBe(true);
    const deleted = await world.admin.request({
      method: 'DELETE',
      url: '/api/user',
      body: { currentPassword: DEMO_PASSWORD },
    });
    expect(deleted.status).toBe(200);
    const admins = await queryRows<{ email: string }>(
      db(),
      sql`select email from users where role = 'admin'`,
    );
    expect(admins).toEqual([{ email: 'deletion.admin2@example.com' }]);
  });
});
