import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { providerServices } from '../../src/server/db/schema';
import {
  findBookingByIntent,
  lockProviderTimes,
} from '../../src/server/modules/bookings/bookings.repository';
import { bookAndPay, type Customer, holdWithCard, signedInCustomer } from '../support/api-booking';
import type { TestContext } from '../support/app';
import { createLockWorld, type LockListing, type LockWorld } from '../support/lock-races';

// Deadlocks and lock waits between concurrent requests on PostgreSQL, by a hostile review (2026-11-27)
// after the rating trigger's FOR UPDATE deadlocked against the foreign key's KEY SHARE (migration 0030).
// Each "found" test forces the interleaving that deadlocked: a third session holds one lock that one of
// the two real requests needs half-way, so the first request is parked right after its first lock; the
// second is parked too, or (fixed) goes through; the third session lets go and both must answer 200.
// All five failed with "deadlock detected" before their fixes (decision 008, "The rating lock and the
// foreign key"). On PGlite (one connection) nothing can deadlock: skipped.

const adminUrl = inject('postgresAdminUrl');
const onPostgres = Boolean(adminUrl);

// Monday 23 November 2026, 7:00 AM in Toronto.
const clock = fixedClock('2026-11-23T12:00:00Z');
/** `hour` o'clock in Toronto (EST, UTC-5) on a date in late November / December 2026. */
const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

type Listing = LockListing & { services: number[] };

let world: LockWorld;
let ctx: TestContext;
let admin: Customer;
const listings: Record<string, Listing> = {};
const LISTINGS = ['rules', 'services', 'leaving', 'cancels', 'confirm', 'review', 'race', 'moves'];
let people = 0;

const customer = () => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `lock${n}@example.com`,
    fullName: `Lena Lock${n}`,
    ip: `10.88.${Math.floor(n / 200)}.${n % 200}`,
  });
};

/** A new customer's booking at `listing`, paid; a service of the listing's when asked. */
async function paidBooking(listing: Listing, serviceDate: string, serviceId?: number) {
  const client = await customer();
  const hold = await bookAndPay(client, {
    providerId: listing.id,
    serviceDate,
    extra: serviceId ? { serviceId } : {},
  });
  return { client, bookingId: hold.bookingId };
}

const session = () => world.session();
const holding = (statement: string, params: unknown[]) => world.holding(statement, params);
const waitForLockWaiters = (count: number) => world.waitForLockWaiters(count);
const parkedOrAnswered = (request: Promise<unknown>, count: number) => world.parkedOrAnswered(request, count);
const serverErrors = () => world.serverErrors();

/** Status and error code of an answer, for a readable failure. */
const outcome = (res: { status: number; body: { code?: string } | undefined }) =>
  `${res.status}${res.status >= 500 ? ` ${res.body?.code}` : ''}`;

describe.skipIf(!onPostgres)('deadlocks between concurrent requests (PostgreSQL)', () => {
  beforeAll(async () => {
    world = await createLockWorld({ clock, adminUrl, listings: LISTINGS, prefix: 'lock', ipBase: '10.89.0' });
    ctx = world.ctx;
    for (const key of LISTINGS) {
      const listing = world.listings[key]!;
      const services = await ctx.database.db
        .select({ id: providerServices.id })
        .from(providerServices)
        .where(eq(providerServices.providerId, listing.id))
        .orderBy(providerServices.sortOrder);
      listings[key] = { ...listing, services: services.map((s) => s.id) };
    }

    admin = await signedInCustomer(ctx, {
      email: 'lock.admin@example.com',
      fullName: 'Ada Admin',
      ip: '10.89.1.1',
      role: 'admin',
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  beforeEach(() => {
    world.forgetLogs();
  });

  describe('found by the review, fixed: these deadlocked (a 500 for one side)', () => {
    it("a partner's booking-rules save and a customer's cancel of a paid booking ahead both go through (the listing's lock was FOR UPDATE, against the ledger's KEY SHARE)", async () => {
      // Rules: provider's advisory lock, the provider's row FOR UPDATE (lockListing), then every live
      // booking ahead (applyBufferAhead). Cancel: the booking's row, then a ledger line whose foreign
      // key takes KEY SHARE on the provider's row, which waits for that FOR UPDATE.
      const listing = listings.rules!;
      const { client, bookingId } = await paidBooking(listing, at(10, '2026-11-30'));
      // Parks the rules save right after its provider lock: the copy trigger's upsert into search_listings.
      const gate = await holding('select 1 from search_listings where id = $1 for update', [listing.id]);
      const rules = listing.partner.put('/api/partner/booking-rules', {
        minimumNoticeHours: 2,
        bufferMinutes: 15,
        cancellationPolicy: 'flexible',
      });
      await waitForLockWaiters(1);
      const cancel = client.post(`/api/bookings/${bookingId}/cancel`, { reason: 'Plans changed' });
      await parkedOrAnswered(cancel, 2);
      await gate.release();
      const [r, c] = await Promise.all([rules, cancel]);
      expect({ rules: outcome(r), cancel: outcome(c), serverErrors: serverErrors() }).toEqual({
        rules: '200',
        cancel: '200',
        serverErrors: [],
      });
    });

    it("a partner's services save that drops a service and a customer's cancel of a paid booking of it both go through (ON DELETE SET NULL after FOR UPDATE)", async () => {
      // Services: the provider's row FOR UPDATE, then the dropped service's delete, whose ON DELETE SET
      // NULL rewrites the bookings of it. Cancel: the booking's row, then the ledger's KEY SHARE on the provider.
      const listing = listings.services!;
      const [keep, drop] = listing.services;
      const { client, bookingId } = await paidBooking(listing, at(11, '2026-11-30'), drop);
      // Parks the save between its FOR UPDATE and the delete: the delete waits for a KEY SHARE on the service.
      const gate = await holding('select 1 from provider_services where id = $1 for key share', [drop]);
      const save = listing.partner.put('/api/partner/services', {
        services: [{ id: keep, name: 'Haircut', price: 100, description: null, durationMinutes: null }],
      });
      await waitForLockWaiters(1);
      const cancel = client.post(`/api/bookings/${bookingId}/cancel`, { reason: 'Plans changed' });
      await parkedOrAnswered(cancel, 2);
      await gate.release();
      const [s, c] = await Promise.all([save, cancel]);
      expect({ services: outcome(s), cancel: outcome(c), serverErrors: serverErrors() }).toEqual({
        services: '200',
        cancel: '200',
        serverErrors: [],
      });
    });

    it('a partner deleting their account and a customer cancelling a paid booking at their listing both go through (unpublishListing was FOR UPDATE, against the ledger)', async () => {
      // Deletion: the partner's user row, the provider's row FOR UPDATE (unpublishListing), then each
      // upcoming booking's row (cancelBooking). Cancel: the booking's row, then the ledger's KEY SHARE.
      const listing = listings.leaving!;
      const { client, bookingId } = await paidBooking(listing, at(12, '2026-11-30'));
      // Parks the deletion right after unpublishListing's FOR UPDATE (its update's copy trigger).
      const gate = await holding('select 1 from search_listings where id = $1 for update', [listing.id]);
      const leave = listing.partner.request({
        method: 'DELETE',
        url: '/api/user',
        body: { currentPassword: DEMO_PASSWORD },
      });
      await waitForLockWaiters(1);
      const cancel = client.post(`/api/bookings/${bookingId}/cancel`, { reason: 'Plans changed' });
      await parkedOrAnswered(cancel, 2);
      await gate.release();
      const [l, c] = await Promise.all([leave, cancel]);
      expect({ deletion: outcome(l), cancel: outcome(c), serverErrors: serverErrors() }).toEqual({
        deletion: '200',
        cancel: '200',
        serverErrors: [],
      });
    });

    it("a customer deleting their account and the partner cancelling that customer's booking both go through (user row then booking vs booking then user)", async () => {
      // Deletion: the customer's user row FOR UPDATE (lockAccount), then each upcoming booking's row.
      // Partner's cancel: the booking's row, ..., then notifications to the customer, whose foreign
      // key takes KEY SHARE on the customer's user row.
      const listing = listings.cancels!;
      const { client, bookingId } = await paidBooking(listing, at(13, '2026-11-30'));
      // Parks the partner's cancel after its booking lock: its ledger line waits for the provider's row.
      const gate = await holding('select 1 from providers where id = $1 for update', [listing.id]);
      const partnerCancel = listing.partner.patch(`/api/partner/bookings/${bookingId}`, {
        action: 'cancel',
        reason: 'Sick today',
      });
      await waitForLockWaiters(1);
      const leave = client.request({
        method: 'DELETE',
        url: '/api/user',
        body: { currentPassword: DEMO_PASSWORD },
      });
      await waitForLockWaiters(2);
      await gate.release();
      const [p, l] = await Promise.all([partnerCancel, leave]);
      expect({ partnerCancel: outcome(p), deletion: outcome(l), serverErrors: serverErrors() }).toEqual({
        partnerCancel: '200',
        deletion: '200',
        serverErrors: [],
      });
    });

    it("an admin's Confirm Payment takes the provider's lock before the booking's row, as every payment confirmation does (it took them the other way round: a deadlock)", async () => {
      // Admin: findBookingById FOR UPDATE, then finalizePaidBooking's findBookingByIntent (provider's
      // advisory lock, then the row). The webhook, the customer's Pay and the payments sweep take the
      // provider's lock first, then the row (retakeTime: lockProviderTimes, then the row): played here
      // by a transaction that takes the same two locks with the app's own functions, in that order.
      const listing = listings.confirm!;
      const client = await customer();
      const { hold, paymentMethodId } = await holdWithCard(client, {
        providerId: listing.id,
        serviceDate: at(14, '2026-11-30'),
      });
      // Charged at the processor; the confirmation (webhook) is on its way.
      await ctx.app.deps.payments.confirmIntent({ intentId: hold.paymentIntentId, paymentMethodId });
      let open!: () => void;
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      let locked!: () => void;
      const providerLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const webhook = ctx.database.db
        .transaction(async (tx) => {
          await lockProviderTimes(tx, listing.id);
          locked();
          await opened;
          await findBookingByIntent(tx, hold.paymentIntentId, { forUpdate: true });
        })
        .then(
          () => 'ok',
          (error: { code?: string; message?: string; cause?: { code?: string } }) =>
            `failed ${error.cause?.code ?? error.code ?? ''} ${error.message ?? ''}`.trim(),
        );
      await providerLocked;
      const confirm = admin.patch(`/api/admin/bookings/${hold.bookingId}`, {
        action: 'confirm_payment',
        reason: null,
      });
      await waitForLockWaiters(1);
      open();
      const [w, a] = await Promise.all([webhook, confirm]);
      expect({ webhookOrder: w, adminConfirm: outcome(a), serverErrors: serverErrors() }).toEqual({
        webhookOrder: 'ok',
        adminConfirm: '200',
        serverErrors: [],
      });
    });
  });

  describe('checked: held', () => {
    it("a review's KEY SHARE, a listing save, then the rating trigger's NO KEY UPDATE: no deadlock", async () => {
      // The trigger's lock is an upgrade of the review's own KEY SHARE: it does not queue behind the
      // listing save that waits for that KEY SHARE (migration 0030 kept the recount's turn-taking).
      const listing = listings.review!;
      const review = await session();
      try {
        await review.query('begin');
        await review.query("set local lock_timeout = '3s'");
        await review.query('select 1 from providers where id = $1 for key share', [listing.id]);
        const save = listing.partner.put('/api/partner/listing', {
          description: 'A friendly salon on Queen Street West with fair prices.',
          city: 'toronto',
        });
        await parkedOrAnswered(save, 1);
        await review.query(
          `insert into reviews (provider_id, author_name, rating, comment, booking_id) values ($1, 'Ana', 5, 'Good', 900101)`,
          [listing.id],
        );
        await review.query('commit');
        expect((await save).status).toBe(200);
        const [row] = await queryRows<{ n: number }>(
          ctx.database.db,
          sql`select review_count as n from providers where id = ${listing.id}`,
        );
        expect(Number(row?.n)).toBe(1);
      } finally {
        await review.end().catch(() => {});
      }
    });

    it('booking-rules saves racing new holds at the same provider: never a 5xx (both take the provider lock first)', async () => {
      const listing = listings.race!;
      for (let round = 0; round < 4; round++) {
        const client = await customer();
        const [rules, held] = await Promise.all([
          listing.partner.put('/api/partner/booking-rules', {
            minimumNoticeHours: round % 2,
            bufferMinutes: 15 * (round % 2),
            cancellationPolicy: 'moderate',
          }),
          client.post('/api/create-payment-intent', {
            providerId: listing.id,
            serviceDate: at(9 + 2 * round, '2026-12-01'),
            customerName: 'Lena Lock',
            customerEmail: client.email,
          }),
        ]);
        expect(rules.status).toBe(200);
        expect(held.status).toBeLessThan(500);
      }
    });

    it("a customer's reschedule racing the partner's cancel of the same booking: never a 5xx (the booking's row decides)", async () => {
      const listing = listings.moves!;
      for (let round = 0; round < 3; round++) {
        const { client, bookingId } = await paidBooking(listing, at(9 + round, '2026-12-02'));
        const [moved, cancelled] = await Promise.all([
          client.post(`/api/bookings/${bookingId}/reschedule`, { serviceDate: at(9 + round, '2026-12-03') }),
          listing.partner.patch(`/api/partner/bookings/${bookingId}`, { action: 'cancel', reason: 'Closed' }),
        ]);
        expect(moved.status).toBeLessThan(500);
        expect(cancelled.status).toBe(200);
      }
    });
  });
});
