import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertReview, insertUser } from '../../src/server/db/seed/factories';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { AT_HOME } from '../support/service-address';

/**
 * Every route of the OpenAPI document has a declared access rule here; a new route without one fails
 * the first test. Each route is then called as a visitor, a customer, another customer, a partner,
 * another partner and an admin, and the answers must follow the rule: 401 signed out, 403 for the
 * wrong role, and someone else's or a missing resource is the same 404.
 */
type Rule = 'public' | 'signed-in' | 'admin' | 'partner' | 'document';
const ACCESS: Record<string, Rule> = {
  'GET /api/health': 'public',
  'GET /api/categories': 'public',
  'GET /api/providers': 'public',
  'GET /api/providers/{id}': 'public',
  'GET /api/providers/{id}/reviews': 'public',
  'GET /api/providers/{id}/availability': 'public',
  'GET /api/service-names': 'public',
  'GET /api/promotions': 'public',
  'GET /api/announcements': 'public',
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'POST /api/logout': 'public',
  'GET /api/user': 'signed-in',
  'POST /api/forgot-password': 'public',
  'POST /api/reset-password': 'public',
  'PUT /api/user/profile': 'signed-in',
  'PUT /api/user/address': 'signed-in',
  'PUT /api/user/change-password': 'signed-in',
  'POST /api/user/email-change': 'signed-in',
  'GET /api/user/email-change': 'signed-in',
  'DELETE /api/user/email-change': 'signed-in',
  // Links from e-mails: the token is the credential.
  'POST /api/user/email-change/confirm': 'public',
  'POST /api/user/email-change/revert': 'public',
  'GET /api/user/preferences': 'signed-in',
  'PUT /api/user/preferences': 'signed-in',
  'PUT /api/user/language': 'signed-in',
  // Privacy (docs/product.md §15): the person's own data; deleting needs the password (400 without).
  'GET /api/user/export': 'signed-in',
  'GET /api/user/deletion-preview': 'signed-in',
  'DELETE /api/user': 'signed-in',
  // A link from a promotional e-mail: its signed token is the credential (400 without one).
  'POST /api/unsubscribe': 'public',
  'GET /api/admin/promotional-emails': 'admin',
  // Promotions and announcements (docs/product.md §7): admins manage them, customers check a code.
  'GET /api/admin/promotions': 'admin',
  'POST /api/admin/promotions': 'admin',
  'PATCH /api/admin/promotions/{id}': 'admin',
  'GET /api/admin/announcements': 'admin',
  'POST /api/admin/announcements': 'admin',
  'PATCH /api/admin/announcements/{id}': 'admin',
  'POST /api/promo-codes/validate': 'signed-in',
  'GET /api/admin/users/{id}/export': 'admin',
  'POST /api/admin/promotional-emails': 'admin',
  // Answers { isPartner: false } to anyone who is not an approved partner, visitors included.
  'GET /api/user/partner-status': 'public',
  'POST /api/support/contact': 'signed-in',
  'POST /api/test/email': 'admin',
  'POST /api/create-payment-intent': 'signed-in',
  'POST /api/confirm-payment-intent': 'signed-in',
  'POST /api/payments/sandbox/payment-methods': 'signed-in',
  'GET /api/bookings': 'signed-in',
  'POST /api/bookings': 'signed-in',
  'GET /api/bookings/{id}': 'signed-in',
  'POST /api/bookings/{id}/cancel': 'signed-in',
  'GET /api/bookings/{id}/calendar': 'signed-in',
  // Receipts and credit notes (PDF) of the customer's own bookings: anyone else's is a 404.
  'GET /api/bookings/{id}/receipt': 'signed-in',
  'GET /api/bookings/{id}/credit-notes/{noteId}': 'signed-in',
  'POST /api/bookings/{id}/review': 'signed-in',
  // Reviews: the author reads and edits their own (anyone else's is a 404), anyone signed in reports.
  'GET /api/reviews/{id}': 'signed-in',
  'PUT /api/reviews/{id}': 'signed-in',
  'POST /api/reviews/{id}/report': 'signed-in',
  'POST /api/reviews/photos': 'signed-in',
  // A photo of a visible review (404 before it is part of one, and once the review is hidden).
  'GET /api/review-photos/{filename}': 'public',
  'GET /api/user/calendar-feed': 'signed-in',
  'POST /api/user/calendar-feed/reset': 'signed-in',
  // A secret link: anyone holding it reads the feed; anything else is a 404.
  'GET /api/calendar/{file}': 'public',
  // Twilio's webhook: signed by Twilio, not by a session (404 on a server without Twilio settings).
  'POST /api/sms/webhook': 'public',
  'POST /api/bookings/{id}/reschedule': 'signed-in',
  'POST /api/bookings/{id}/report-no-show': 'signed-in',
  'GET /api/notifications': 'signed-in',
  'POST /api/notifications/read-all': 'signed-in',
  'PATCH /api/notifications/{id}': 'signed-in',
  'DELETE /api/notifications/{id}': 'signed-in',
  'GET /api/saved-services': 'signed-in',
  'POST /api/saved-services': 'signed-in',
  'DELETE /api/saved-services/{providerId}': 'signed-in',
  'POST /api/documents/upload': 'public',
  'GET /api/documents/{filename}': 'document',
  'GET /api/provider-photos/{filename}': 'public',
  'POST /api/provider-applications': 'public',
  'GET /api/verify-email': 'public',
  // Answers 404 (no application) or 409 (nothing asked) to the other signed-in personas.
  'POST /api/user/application/reply': 'signed-in',
  'GET /api/admin/applications': 'admin',
  'PATCH /api/admin/applications/{id}': 'admin',
  'GET /api/admin/bookings': 'admin',
  'PATCH /api/admin/bookings/{id}': 'admin',
  'GET /api/admin/jobs': 'admin',
  'POST /api/admin/jobs/{id}/retry': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/audit-log': 'admin',
  'GET /api/admin/reviews': 'admin',
  'POST /api/admin/reviews/{id}/hide': 'admin',
  'POST /api/admin/reviews/{id}/keep': 'admin',
  'POST /api/admin/reviews/{id}/restore': 'admin',
  'PATCH /api/admin/users/{id}': 'admin',
  'GET /api/partner/bookings': 'partner',
  'PATCH /api/partner/bookings/{id}': 'partner',
  'GET /api/partner/listing': 'partner',
  'PUT /api/partner/listing': 'partner',
  'PUT /api/partner/services': 'partner',
  'PUT /api/partner/schedule': 'partner',
  'PUT /api/partner/booking-rules': 'partner',
  'GET /api/partner/time-off': 'partner',
  'POST /api/partner/time-off': 'partner',
  'DELETE /api/partner/time-off/{id}': 'partner',
  'GET /api/partner/reviews': 'partner',
  'POST /api/partner/reviews/{id}/reply': 'partner',
  // Earnings and payouts (docs/product.md §17): the partner's own; admins see every payout and the ledger.
  'GET /api/partner/earnings': 'partner',
  'GET /api/partner/payouts': 'partner',
  'GET /api/partner/earnings.csv': 'partner',
  // Stripe Connect onboarding: the sandbox answers "nothing to set up" (409) to the partner.
  'GET /api/partner/payout-account': 'partner',
  // CRA seller details: the partner's own (PUT answers 400 to an empty body); the report is admins'.
  'GET /api/partner/tax-details': 'partner',
  'PUT /api/partner/tax-details': 'partner',
  'GET /api/admin/reports/sellers.csv': 'admin',
  'POST /api/partner/payout-account/onboarding': 'partner',
  'GET /api/admin/payouts': 'admin',
  'POST /api/admin/payouts/{id}/retry': 'admin',
  'POST /api/admin/payouts/run': 'admin',
  'GET /api/admin/ledger/check': 'admin',
  'GET /api/admin/ledger/income': 'admin',
  'GET /api/admin/ledger.csv': 'admin',
};

type Persona = 'visitor' | 'customer' | 'otherCustomer' | 'partner' | 'otherPartner' | 'admin';
const PERSONAS: Persona[] = ['visitor', 'customer', 'otherCustomer', 'partner', 'otherPartner', 'admin'];

let ctx: TestContext;
let routes: string[] = [];
const clients = {} as Record<Persona, Client>;
let emails: Record<Persona, string | null>;
const owned = {
  bookingId: 0,
  notificationId: 0,
  savedProviderId: 0,
  partnerBookingId: 0,
  timeOffId: 0,
  reviewId: 0,
};

beforeAll(async () => {
  ctx = await createTestApp({ clock: fixedClock('2026-11-23T12:00:00Z') });
  const db = ctx.database.db;
  const categoryId = await insertCategory(db, { name: 'Cleaning', slug: 'cleaning' });
  emails = {
    visitor: null,
    customer: 'matrix.customer@example.com',
    otherCustomer: 'matrix.other@example.com',
    partner: 'matrix.partner@example.com',
    otherPartner: 'matrix.partner2@example.com',
    admin: 'matrix.admin@example.com',
  };
  const ids: Partial<Record<Persona, number>> = {};
  for (const persona of PERSONAS) {
    const email = emails[persona];
    if (!email) continue;
    const role =
      persona === 'admin' ? 'admin' : persona.toLowerCase().includes('partner') ? 'partner' : 'user';
    ids[persona] = await insertUser(db, {
      email,
      fullName: `Matrix ${persona}`,
      password: DEMO_PASSWORD,
      role,
    });
  }
  const providerId = await insertProvider(db, {
    name: 'Matrix Co',
    categoryId,
    ownerUserId: ids.partner,
    services: [{ name: 'Clean', priceCents: 5000 }],
  });
  await insertProvider(db, {
    name: 'Other Co',
    categoryId,
    ownerUserId: ids.otherPartner,
    services: [{ name: 'Clean', priceCents: 5000 }],
  });
  for (const [i, persona] of PERSONAS.entries()) {
    clients[persona] = createClient(ctx, { ip: `10.80.0.${i + 1}` });
    if (emails[persona]) await clients[persona].login(emails[persona]!, DEMO_PASSWORD);
  }
  // The customer books and pays at the partner's listing, and saves it.
  const hold = await clients.customer.post('/api/create-payment-intent', {
    providerId,
    serviceDate: '2026-11-24T15:00:00.000Z',
    customerName: 'Matrix Customer',
    customerEmail: 'matrix.customer@example.com',
    ...AT_HOME,
  });
  const card = await clients.customer.post('/api/payments/sandbox/payment-methods', {
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
  });
  await clients.customer.post('/api/confirm-payment-intent', {
    paymentIntentId: hold.body.paymentIntentId,
    paymentMethodId: card.body.id,
  });
  owned.bookingId = hold.body.bookingId;
  owned.partnerBookingId = hold.body.bookingId;
  owned.notificationId = (await clients.customer.get('/api/notifications')).body[0].id;
  await clients.customer.post('/api/saved-services', { providerId });
  owned.savedProviderId = providerId;
  const timeOff = await clients.partner.post('/api/partner/time-off', {
    startDate: '2026-12-20',
    endDate: '2026-12-21',
  });
  owned.timeOffId = timeOff.body.id;
  // The customer's review of the partner's listing (written just now: still editable).
  owned.reviewId = await insertReview(db, {
    providerId,
    userId: ids.customer,
    authorName: 'Matrix customer',
    rating: 4,
    comment: 'Tidy and on time, thank you.',
    createdAt: new Date('2026-11-23T12:00:00Z'),
  });

  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
  );
});
afterAll(() => ctx?.close());

function urlFor(route: string, id: string): string {
  return route.split(' ')[1]!.replace(/\{[^}]+\}/g, id);
}

describe('access rules', () => {
  it('declares one for every route, and none for a route that is gone', () => {
    expect(routes.filter((r) => !(r in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('answers each persona as its rule says', async () => {
    const wrong: string[] = [];
    // Signing out ends the persona's session, so it is called last.
    const ordered = [...routes.filter((r) => r !== 'POST /api/logout'), 'POST /api/logout'];
    for (const route of ordered) {
      const rule = ACCESS[route];
      if (!rule) continue;
      const method = route.split(' ')[0] as 'GET';
      for (const persona of PERSONAS) {
        const res = await clients[persona].request({
          method,
          url: urlFor(route, '1'),
          body: method === 'GET' ? undefined : {},
        });
        const denied = res.status === 401 || res.status === 403;
        const expected =
          rule === 'public'
            ? 'allowed'
            : persona === 'visitor'
              ? 401
              : rule === 'signed-in'
                ? 'allowed'
                : rule === 'admin'
                  ? persona === 'admin'
                    ? 'allowed'
                    : 403
                  : rule === 'partner'
                    ? persona === 'partner' || persona === 'otherPartner'
                      ? 'allowed'
                      : 403
                    : 'not-200';
        if (route === 'GET /api/user' && persona === 'visitor') continue; // 401 is its answer for "nobody"
        const ok =
          expected === 'allowed'
            ? !denied
            : expected === 'not-200'
              ? res.status >= 400 && !(persona === 'admin' && res.status === 401)
              : res.status === expected;
        if (!ok) wrong.push(`${route} as ${persona}: ${res.status} (expected ${expected})`);
        if (res.status >= 500) wrong.push(`${route} as ${persona}: ${res.status}`);
      }
    }
    for (const persona of PERSONAS)
      if (emails[persona]) await clients[persona].login(emails[persona]!, DEMO_PASSWORD);
    expect(wrong).toEqual([]);
  });

  it.each([
    ['GET /api/bookings/{id}', 'bookingId', 'customer', 'otherCustomer'],
    ['PATCH /api/notifications/{id}', 'notificationId', 'customer', 'otherCustomer'],
    ['DELETE /api/saved-services/{providerId}', 'savedProviderId', 'customer', 'otherCustomer'],
    ['POST /api/bookings/{id}/cancel', 'bookingId', 'customer', 'otherCustomer'],
    ['POST /api/bookings/{id}/reschedule', 'bookingId', 'customer', 'otherCustomer'],
    ['POST /api/bookings/{id}/report-no-show', 'bookingId', 'customer', 'otherCustomer'],
    ['GET /api/bookings/{id}/calendar', 'bookingId', 'customer', 'otherCustomer'],
    ['GET /api/bookings/{id}/receipt', 'bookingId', 'customer', 'otherCustomer'],
    ['PATCH /api/partner/bookings/{id}', 'partnerBookingId', 'partner', 'otherPartner'],
    ['DELETE /api/partner/time-off/{id}', 'timeOffId', 'partner', 'otherPartner'],
    ['GET /api/reviews/{id}', 'reviewId', 'customer', 'otherCustomer'],
    ['PUT /api/reviews/{id}', 'reviewId', 'customer', 'otherCustomer'],
    ['POST /api/partner/reviews/{id}/reply', 'reviewId', 'partner', 'otherPartner'],
  ] as const)(
    "%s: someone else's and a missing one are the same 404",
    async (route, key, owner, stranger) => {
      const method = route.split(' ')[0] as 'GET';
      const body = route.startsWith('PATCH /api/notifications')
        ? { isRead: true }
        : route.startsWith('PATCH /api/partner')
          ? { status: 'cancelled' }
          : route.endsWith('/reschedule')
            ? { serviceDate: '2026-11-25T15:00:00.000Z' }
            : route === 'PUT /api/reviews/{id}'
              ? { rating: 2, comment: 'Someone else changing this review.' }
              : route.endsWith('/reply')
                ? { text: 'A reply from another listing.' }
                : undefined;
      const foreign = await clients[stranger].request({
        method,
        url: urlFor(route, String(owned[key])),
        body,
      });
      const missing = await clients[stranger].request({ method, url: urlFor(route, '999999'), body });
      expect(foreign.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(foreign.body.code).toBe(missing.body.code);
      if (method === 'GET')
        expect(
          (await clients[owner].request({ method, url: urlFor(route, String(owned[key])) })).status,
        ).toBe(200);
    },
  );
});
