import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { bookAndPay, type Customer } from '../support/api-booking';
import { at, createReviewWorld, HOUR, MONDAY_7AM, type ReviewWorld } from '../support/reviews';

// Issue 19, "Download my data" (docs/product.md §15): everything Trillium holds about the person, and
// nobody else's data.

const clock = fixedClock(MONDAY_7AM);
let world: ReviewWorld;
let rita: Customer;
let other: Customer;
let ritaBooking: { bookingId: number; referenceNumber: string };
let otherBooking: { bookingId: number; referenceNumber: string };
let reviewedReference: string;

beforeAll(async () => {
  world = await createReviewWorld(clock, 'export');
  rita = await world.customer();
  other = await world.customer();
  // Rita: a completed booking she reviewed, an upcoming one, a saved listing, a support request.
  const done = await world.completedBooking(rita, at(10, '2026-11-24'));
  const reviewed = await rita.post(`/api/bookings/${done}/review`, {
    rating: 5,
    comment: 'Lovely cut, finished right on time.',
  });
  expect(reviewed.status).toBe(201);
  reviewedReference = (await rita.get(`/api/bookings/${done}`)).body.referenceNumber;
  clock.set(new Date(Date.parse(MONDAY_7AM) + 30 * HOUR));
  ritaBooking = await bookAndPay(rita, {
    providerId: world.providerId,
    serviceDate: at(11, '2026-11-27'),
    customerName: 'Rita Export',
  });
  otherBooking = await bookAndPay(other, {
    providerId: world.providerId,
    serviceDate: at(14, '2026-11-27'),
    customerName: 'Oscar Other',
  });
  expect((await rita.post('/api/saved-services', { providerId: world.otherProviderId })).status).toBe(201);
  const support = await rita.post('/api/support/contact', {
    subject: 'Question about my booking',
    category: 'booking',
    message: 'Can the stylist bring her own scissors next time, please?',
  });
  expect(support.status).toBe(201);
  expect(
    (await rita.put('/api/user/preferences', { email: true, sms: false, promotional: true })).status,
  ).toBe(200);
});
afterAll(() => world.ctx.close());

describe('GET /api/user/export', () => {
  it('is for signed-in people only', async () => {
    expect((await world.anyone.get('/api/user/export')).status).toBe(401);
  });

  it("answers the person's data as a JSON attachment: a known booking, and no one else's", async () => {
    const res = await rita.get('/api/user/export');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="trillium-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body;
    expect(data.format).toBe('trillium-personal-data/1');
    expect(data.profile.email).toBe(rita.email);
    expect(data.preferences).toEqual({ email: true, sms: false, promotional: true });
    expect(data.consentHistory).toEqual([
      expect.objectContaining({ topic: 'promotional', granted: true, source: 'settings' }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);

    const references = data.bookings.map((b: { reference: string }) => b.reference);
    expect(references).toContain(ritaBooking.referenceNumber);
    expect(references).toContain(reviewedReference);
    expect(references).not.toContain(otherBooking.referenceNumber);
    const upcoming = data.bookings.find(
      (b: { reference: string }) => b.reference === ritaBooking.referenceNumber,
    );
    expect(upcoming).toMatchObject({
      status: 'confirmed',
      providerName: 'Queen West Salon',
      customerName: 'Rita Export',
    });
    expect(upcoming.history.map((e: { kind: string }) => e.kind)).toContain('paid');
    // The card: brand and last four digits, nothing more.
    expect(upcoming.payments).toEqual([
      expect.objectContaining({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } }),
    ]);

    expect(data.reviews).toEqual([
      expect.objectContaining({
        rating: 5,
        comment: 'Lovely cut, finished right on time.',
        bookingReference: reviewedReference,
      }),
    ]);
    expect(data.savedServices).toEqual([expect.objectContaining({ providerName: 'King East Salon' })]);
    expect(data.supportRequests).toEqual([expect.objectContaining({ subject: 'Question about my booking' })]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.emails.some((e: { kind: string }) => e.kind === 'booking_confirmation')).toBe(true);
    expect(data.applications).toEqual([]);
    expect(data.listing).toBeNull();

    // Nobody else's data anywhere in the document, and no full card number.
    const text = JSON.stringify(data);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain('Oscar Other');
    expect(text).not.toContain(otherBooking.referenceNumber);
    expect(text).not.toContain('4242424242424242');
    expect(text).not.toMatch(/passwordHash|password_hash|calendarToken|\$argon2/);
  });

  it("a partner's export names their listing; their customers' bookings and addresses are not theirs", async () => {
    const res = await world.partner.get('/api/user/export');
    expect(res.status).toBe(200);
    expect(res.body.listing).toMatchObject({ name: 'Queen West Salon' });
    expect(res.body.bookings).toEqual([]);
    // The notifications the partner was sent stay as they were sent (a customer's name in them); no
    // customer's address, e-mail or booking record comes with them.
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(rita.email);
    expect(text).not.toContain(other.email);
  });

  it("an admin exports a person's data for them, recorded in the audit log; nobody else may", async () => {
    const own = await rita.get('/api/user/export');
    const id = own.body.profile.id as number;
    expect((await rita.get(`/api/admin/users/${id}/export`)).status).toBe(403);
    expect((await world.anyone.get(`/api/admin/users/${id}/export`)).status).toBe(401);
    const missing = await world.admin.get('/api/admin/users/999999/export');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('privacy.person_not_found');

    const res = await world.admin.get(`/api/admin/users/${id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="trillium-data-\d+-/);
    expect(res.body.profile.email).toBe(rita.email);
    expect(res.body.bookings.map((b: { reference: string }) => b.reference)).toContain(
      ritaBooking.referenceNumber,
    );
    const log = await world.admin.get('/api/admin/audit-log?action=user.data_exported');
    expect(log.status).toBe(200);
    expect(log.body.entries).toEqual([
      expect.objectContaining({ action: 'user.data_exported', targetType: 'user', targetId: String(id) }),
    ]);
    expect(log.body.entries[0].admin.name).toBe('Ada Admin');
  });

  it('is limited to 5 an hour per person', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await other.get('/api/user/export')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await other.get('/api/user/export');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    clock.advance(61 * 60_000);
    expect((await other.get('/api/user/export')).status).toBe(200);
  });
});
