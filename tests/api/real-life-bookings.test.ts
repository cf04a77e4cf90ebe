import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { emailOutbox, refunds } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { completeDueBookings } from '../../src/server/modules/bookings/bookings.jobs';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';
import { runDueJobs } from '../support/jobs';

// Issue "Bookings that fit real life": cancel, reschedule, policies, time off, notice, no-shows, completion.

// Monday 23 November 2026, 7:00 AM in Toronto (EST, UTC-5).
const MONDAY_7AM = '2026-11-23T12:00:00Z';
const clock = fixedClock(MONDAY_7AM);
const HOUR = 3_600_000;
let ctx: TestContext;
let salonId: number;
let otherSalonId: number;
let people = 0;

/** A Toronto wall-clock hour on a day of that week, as an ISO instant. */
const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();
const TUE = '2026-11-24';
const WED = '2026-11-25';
const THU = '2026-11-26';
const FRI = '2026-11-27';
const SAT = '2026-11-28';

const customer = () => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `life${n}@example.com`,
    fullName: `Robin Life${n}`,
    ip: `10.61.${Math.floor(n / 200)}.${n % 200}`,
  });
};

/** Signed in with "remember me", so moving the clock by days keeps the session. */
async function signedIn(email: string) {
  const client = createClient(ctx, { ip: `10.62.${Math.floor(++people / 200)}.${people % 200}` });
  const res = await client.post('/api/login', { email, password: DEMO_PASSWORD, remember: true });
  expect(res.status).toBe(200);
  return client;
}

const hold = (client: Client & { email?: string }, serviceDate: string, providerId = salonId) =>
  client.post('/api/create-payment-intent', {
    providerId,
    serviceDate,
    customerName: 'Robin Life',
    customerEmail: client.email ?? 'robin@example.com',
  });

/** Holds and pays; answers the booking as its customer reads it. */
async function book(client: Customer, serviceDate: string, providerId = salonId) {
  const { bookingId } = await bookAndPay(client, { providerId, serviceDate, customerName: 'Robin Life' });
  const booking = await client.get(`/api/bookings/${bookingId}`);
  expect(booking.status).toBe(200);
  return booking.body;
}

const refundRows = (bookingId: number) =>
  ctx.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));

async function emailKinds(to: string) {
  const rows = await ctx.database.db
    .select({ kind: emailOutbox.kind, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to));
  return rows;
}

async function freeStarts(date: string, providerId = salonId) {
  const res = await createClient(ctx).get(`/api/providers/${providerId}/availability?days=14`);
  expect(res.status).toBe(200);
  const day = (res.body.days as { date: string; slots: { start: string; available: boolean }[] }[]).find(
    (d) => d.date === date,
  );
  return (day?.slots ?? []).filter((s) => s.available).map((s) => s.start);
}

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    seed: async ({ db }) => {
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      const owner = await insertUser(db, {
        email: 'salon.owner@example.com',
        fullName: 'Sam Salon',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      const otherOwner = await insertUser(db, {
        email: 'other.owner@example.com',
        fullName: 'Oona Other',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      await insertUser(db, {
        email: 'admin@example.com',
        fullName: 'Alex Admin',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
      salonId = await insertProvider(db, {
        name: 'Queen West Salon',
        categoryId: salon,
        ownerUserId: owner,
        streetAddress: '800 Queen St W',
        services: [{ name: 'Haircut', priceCents: 10000 }],
      });
      otherSalonId = await insertProvider(db, {
        name: 'Other Salon',
        categoryId: salon,
        ownerUserId: otherOwner,
        services: [{ name: 'Colour', priceCents: 9000 }],
      });
    },
  });
});
afterAll(() => ctx.close());

describe('what a customer reads about a booking', () => {
  it('answers its policy, what they may do now, the refund if cancelled now, and its history', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const booking = await book(client, at(10, WED));
    expect(booking).toMatchObject({
      status: 'confirmed',
      cancellationPolicy: 'flexible',
      allowedActions: ['cancel', 'reschedule'],
      refundIfCancelledNow: { amountCents: booking.totalCents, percent: 100 },
      rescheduleCount: 0,
      refundedCents: 0,
      refundStatus: 'none',
      history: [expect.objectContaining({ kind: 'paid', actor: 'customer' })],
    });
    const provider = await createClient(ctx).get(`/api/providers/${salonId}`);
    expect(provider.body).toMatchObject({ cancellationPolicy: 'flexible', minimumNoticeHours: 2 });
  });
});

describe('cancelling', () => {
  it('refunds by the policy once, however often it is asked, frees the time and tells both sides', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const booking = await book(client, at(11, WED));
    clock.advance(30 * 60_000); // past the 15-minute grace; still more than 24 hours ahead
    const [first, second] = await Promise.all([
      // A double tap: whichever request wins the race, its reason is the one the partner reads.
      client.post(`/api/bookings/${booking.id}/cancel`, { reason: 'Plans changed' }),
      client.post(`/api/bookings/${booking.id}/cancel`, { reason: 'Plans changed' }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    for (const res of [first, second]) {
      expect(res.body).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'customer',
        refundAmount: booking.totalCents,
        refundStatus: 'pending',
        allowedActions: [],
      });
    }
    const third = await client.post(`/api/bookings/${booking.id}/cancel`);
    expect(third.status).toBe(200);
    expect(third.body.refundAmount).toBe(booking.totalCents);
    expect(await refundRows(booking.id)).toHaveLength(1);
    await runDueJobs(ctx);
    const after = await client.get(`/api/bookings/${booking.id}`);
    expect(after.body).toMatchObject({ refundStatus: 'succeeded', refundedCents: booking.totalCents });
    expect(after.body.history.map((e: { kind: string }) => e.kind)).toEqual([
      'paid',
      'cancelled',
      'refunded',
    ]);
    expect(await freeStarts(WED)).toContain(at(11, WED));
    const mails = await emailKinds(client.email);
    expect(mails.map((m) => m.kind)).toContain('booking_cancelled');
    const partnerMails = await emailKinds('salon.owner@example.com');
    expect(
      partnerMails.some((m) => m.kind === 'partner_booking_cancelled' && m.text.includes('Plans changed')),
    ).toBe(true);
  });

  it('gives 50% less than 24 hours before the start, rounded to the cent', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const booking = await book(client, at(10, TUE));
    clock.set(new Date(new Date(booking.serviceDate).getTime() - 23 * HOUR));
    const read = await client.get(`/api/bookings/${booking.id}`);
    expect(read.body.refundIfCancelledNow).toEqual({
      amountCents: Math.round(booking.totalCents / 2),
      percent: 50,
      dropsAt: null,
      reason: 'policy',
    });
    const res = await client.post(`/api/bookings/${booking.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.refundAmount).toBe(Math.round(booking.totalCents / 2));
  });

  it('is refused once the booking has started, and for a lapsed hold', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const booking = await book(client, at(12, TUE));
    clock.set(new Date(new Date(booking.serviceDate).getTime() + 60_000));
    const late = await client.post(`/api/bookings/${booking.id}/cancel`);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('bookings.transition_not_allowed');
    clock.set(MONDAY_7AM);
    const held = await hold(client, at(13, FRI));
    clock.advance(11 * 60_000);
    const lapsed = await client.post(`/api/bookings/${held.body.bookingId}/cancel`);
    expect(lapsed.status).toBe(409);
    expect(await refundRows(booking.id)).toHaveLength(0);
  });
});

describe('rescheduling', () => {
  it('moves the booking keeping its payment, id and reference; the old time is free; both are told', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const booking = await book(client, at(9, THU));
    const res = await client.post(`/api/bookings/${booking.id}/reschedule`, { serviceDate: at(14, THU) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: booking.id,
      referenceNumber: booking.referenceNumber,
      serviceDate: at(14, THU),
      status: 'confirmed',
      paymentStatus: 'confirmed',
      rescheduleCount: 1,
    });
    expect(res.body.history.at(-1)).toMatchObject({
      kind: 'rescheduled',
      details: { from: at(9, THU), to: at(14, THU) },
    });
    expect(await freeStarts(THU)).toContain(at(9, THU));
    expect(await freeStarts(THU)).not.toContain(at(14, THU));
    const moved = (await emailKinds(client.email)).find((m) => m.kind === 'booking_rescheduled');
    expect(moved?.text).toMatch(/ET/);
    expect((await emailKinds('salon.owner@example.com')).some((m) => m.kind === 'booking_rescheduled')).toBe(
      true,
    );
    expect(await refundRows(booking.id)).toHaveLength(0);
  });

  it('into a taken time answers slot_taken and leaves the booking where it was', async () => {
    clock.set(MONDAY_7AM);
    const first = await customer();
    const second = await customer();
    const mine = await book(first, at(9, FRI));
    await book(second, at(15, FRI));
    const res = await first.post(`/api/bookings/${mine.id}/reschedule`, { serviceDate: at(15, FRI) });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('bookings.slot_taken');
    const after = await first.get(`/api/bookings/${mine.id}`);
    expect(after.body).toMatchObject({ serviceDate: at(9, FRI), rescheduleCount: 0, status: 'confirmed' });
    expect(await freeStarts(FRI)).not.toContain(at(9, FRI));
  });

  it('keeps the policy it was paid under: reschedule, then cancel after the partner went strict', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const partner = await signedIn('salon.owner@example.com');
    const booking = await book(client, at(16, SAT));
    const strict = await partner.put('/api/partner/booking-rules', {
      minimumNoticeHours: 2,
      bufferMinutes: 0,
      cancellationPolicy: 'strict',
    });
    expect(strict.status).toBe(200);
    expect(strict.body.cancellationPolicy).toBe('strict');
    const moved = await client.post(`/api/bookings/${booking.id}/reschedule`, { serviceDate: at(17, SAT) });
    expect(moved.status).toBe(200);
    expect(moved.body.cancellationPolicy).toBe('flexible');
    // 30 hours before: flexible gives everything back, strict would give half.
    clock.set(new Date(new Date(at(17, SAT)).getTime() - 30 * HOUR));
    const cancelled = await client.post(`/api/bookings/${booking.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refundAmount).toBe(booking.totalCents);
    const back = await partner.put('/api/partner/booking-rules', {
      minimumNoticeHours: 2,
      bufferMinutes: 0,
      cancellationPolicy: 'flexible',
    });
    expect(back.status).toBe(200);
  });

  it('at most twice, only while a full refund applies, and never to the same time', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const booking = await book(client, at(8, SAT));
    const same = await client.post(`/api/bookings/${booking.id}/reschedule`, { serviceDate: at(8, SAT) });
    expect(same.status).toBe(400);
    expect(same.body.code).toBe('bookings.same_time');
    for (const hour of [9, 10]) {
      const res = await client.post(`/api/bookings/${booking.id}/reschedule`, { serviceDate: at(hour, SAT) });
      expect(res.status).toBe(200);
    }
    const third = await client.post(`/api/bookings/${booking.id}/reschedule`, { serviceDate: at(11, SAT) });
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('bookings.transition_not_allowed');

    const late = await book(client, at(15, TUE));
    clock.set(new Date(new Date(late.serviceDate).getTime() - 20 * HOUR));
    const tooLate = await client.post(`/api/bookings/${late.id}/reschedule`, { serviceDate: at(16, TUE) });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.code).toBe('bookings.transition_not_allowed');
    expect((await client.get(`/api/bookings/${late.id}`)).body.allowedActions).toEqual(['cancel']);
  });

  it('20 customers racing for a time freed by a reschedule: exactly one wins', async () => {
    clock.set(MONDAY_7AM);
    const owner = await customer();
    const booking = await book(owner, at(12, THU));
    const moved = await owner.post(`/api/bookings/${booking.id}/reschedule`, { serviceDate: at(16, THU) });
    expect(moved.status).toBe(200);
    const racers = await Promise.all(Array.from({ length: 20 }, () => customer()));
    const results = await Promise.all(racers.map((c) => hold(c, at(12, THU))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.code).toBe('bookings.slot_taken');
  });

  it('a reschedule into a time 9 others are holding at that moment: one owner, and a losing move changes nothing', async () => {
    for (let round = 0; round < 3; round++) {
      clock.set(MONDAY_7AM);
      const mover = await customer();
      const booking = await book(mover, at(12 + round, WED));
      const target = at(15 + round, WED);
      // Ten at once: more would mostly measure the test pool (5 connections on PostgreSQL) running dry.
      const racers = await Promise.all(Array.from({ length: 9 }, () => customer()));
      const [moved, ...holds] = await Promise.all([
        mover.post(`/api/bookings/${booking.id}/reschedule`, { serviceDate: target }),
        ...racers.map((c) => hold(c, target)),
      ]);
      const winners = [moved, ...holds].filter((r) => r.status === 200);
      expect(winners, JSON.stringify([moved, ...holds].map((r) => [r.status, r.body.code]))).toHaveLength(1);
      for (const r of [moved, ...holds].filter((x) => x.status !== 200))
        expect(r.body.code).toBe('bookings.slot_taken');
      const after = (await mover.get(`/api/bookings/${booking.id}`)).body;
      // Moved: the old time is free again. Not moved: the booking is exactly where it was.
      expect(after.status).toBe('confirmed');
      expect(after.serviceDate).toBe(moved.status === 200 ? target : booking.serviceDate);
      expect(after.rescheduleCount).toBe(moved.status === 200 ? 1 : 0);
      const free = await freeStarts(WED);
      expect(free).not.toContain(target);
      if (moved.status === 200) expect(free).toContain(booking.serviceDate);
      else expect(free).not.toContain(booking.serviceDate);
    }
  });

  it('a reschedule and a cancel of the same booking racing end in one consistent state', async () => {
    for (let round = 0; round < 4; round++) {
      clock.set(MONDAY_7AM);
      const client = await customer();
      const booking = await book(client, at(8 + round, '2026-12-01'));
      const target = at(14 + round, '2026-12-01');
      const [moved, cancelled] = await Promise.all([
        client.post(`/api/bookings/${booking.id}/reschedule`, { serviceDate: target }),
        client.post(`/api/bookings/${booking.id}/cancel`),
      ]);
      expect(cancelled.status).toBe(200);
      expect([200, 409]).toContain(moved.status);
      const after = (await client.get(`/api/bookings/${booking.id}`)).body;
      expect(after.status).toBe('cancelled');
      expect(after.serviceDate).toBe(moved.status === 200 ? target : booking.serviceDate);
      expect(await refundRows(booking.id)).toHaveLength(1);
      // Neither time stays taken.
      const free = await freeStarts('2026-12-01');
      expect(free).toContain(target);
      expect(free).toContain(booking.serviceDate);
    }
  });
});

describe('time off, notice and buffers', () => {
  it('a day off removes its slots and refuses holds; bookings inside it are listed, not cancelled', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const partner = await signedIn('salon.owner@example.com');
    const booked = await book(client, at(9, '2026-12-02'));
    const added = await partner.post('/api/partner/time-off', {
      startDate: '2026-12-02',
      endDate: '2026-12-03',
      reason: 'Family wedding',
    });
    expect(added.status).toBe(201);
    expect(added.body.bookings).toEqual([
      expect.objectContaining({ id: booked.id, referenceNumber: booked.referenceNumber }),
    ]);
    expect(await freeStarts('2026-12-02')).toEqual([]);
    expect(await freeStarts('2026-12-03')).toEqual([]);
    expect((await freeStarts('2026-12-04')).length).toBeGreaterThan(0);
    const refused = await hold(await customer(), at(13, '2026-12-03'));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('bookings.slot_off_schedule');
    const kept = await client.get(`/api/bookings/${booked.id}`);
    expect(kept.body.status).toBe('confirmed');
    const moveIn = await client.post(`/api/bookings/${booked.id}/reschedule`, {
      serviceDate: at(10, '2026-12-03'),
    });
    expect(moveIn.status).toBe(400);

    const list = await partner.get('/api/partner/time-off');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: added.body.id, reason: 'Family wedding' })]);
    const other = await signedIn('other.owner@example.com');
    expect((await other.delete(`/api/partner/time-off/${added.body.id}`)).status).toBe(404);
    expect((await partner.delete(`/api/partner/time-off/${added.body.id}`)).status).toBe(204);
    expect((await freeStarts('2026-12-03')).length).toBeGreaterThan(0);
  });

  it('refuses time off that makes no sense', async () => {
    clock.set(MONDAY_7AM);
    const partner = await signedIn('salon.owner@example.com');
    const backwards = await partner.post('/api/partner/time-off', {
      startDate: '2026-12-05',
      endDate: '2026-12-04',
    });
    expect(backwards.status).toBe(400);
    const past = await partner.post('/api/partner/time-off', {
      startDate: '2026-11-01',
      endDate: '2026-11-02',
    });
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('partner.time_off_past');
    const bogus = await partner.post('/api/partner/time-off', {
      startDate: '2026-02-30',
      endDate: '2026-03-01',
    });
    expect(bogus.status).toBe(400);
    const buffer = await partner.put('/api/partner/booking-rules', {
      minimumNoticeHours: 2,
      bufferMinutes: 7,
      cancellationPolicy: 'flexible',
    });
    expect(buffer.status).toBe(400);
    const customerTries = await (await customer()).post('/api/partner/time-off', {
      startDate: '2026-12-05',
      endDate: '2026-12-05',
    });
    expect(customerTries.status).toBe(403);
  });

  it('minimum notice removes the next hours and refuses holds in them; a buffer keeps time after a booking', async () => {
    clock.set(MONDAY_7AM);
    const partner = await signedIn('other.owner@example.com');
    const rules = await partner.put('/api/partner/booking-rules', {
      minimumNoticeHours: 48,
      bufferMinutes: 60,
      cancellationPolicy: 'moderate',
    });
    expect(rules.status).toBe(200);
    expect(await freeStarts(TUE, otherSalonId)).toEqual([]);
    const soon = await hold(await customer(), at(14, TUE), otherSalonId);
    expect(soon.status).toBe(400);
    expect(soon.body.code).toBe('bookings.slot_too_soon');
    const booking = await book(await customer(), at(10, THU), otherSalonId);
    expect(booking.cancellationPolicy).toBe('moderate');
    const free = await freeStarts(THU, otherSalonId);
    expect(free).not.toContain(at(11, THU)); // the hour of buffer
    expect(free).toContain(at(12, THU));
    // The buffer is refused to a hold too, not only hidden; and a move into the notice period is refused.
    const inBuffer = await hold(await customer(), at(11, THU), otherSalonId);
    expect(inBuffer.status).toBe(409);
    expect(inBuffer.body.code).toBe('bookings.slot_taken');
    const mover = await customer();
    const later = await book(mover, at(15, FRI), otherSalonId);
    const tooSoon = await mover.post(`/api/bookings/${later.id}/reschedule`, { serviceDate: at(15, TUE) });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.code).toBe('bookings.slot_too_soon');
    expect((await mover.get(`/api/bookings/${later.id}`)).body.serviceDate).toBe(later.serviceDate);
  });
});

describe('no-shows, disputes and completion', () => {
  it('the partner marks a no-show from 15 minutes after the start: no refund, the customer is told', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const partner = await signedIn('salon.owner@example.com');
    const booking = await book(client, at(14, TUE));
    clock.set(new Date(new Date(booking.serviceDate).getTime() + 10 * 60_000));
    const early = await partner.patch(`/api/partner/bookings/${booking.id}`, { action: 'no_show' });
    expect(early.status).toBe(409);
    clock.advance(10 * 60_000);
    const marked = await partner.patch(`/api/partner/bookings/${booking.id}`, { action: 'no_show' });
    expect(marked.status).toBe(200);
    expect(marked.body.status).toBe('no_show');
    expect(await refundRows(booking.id)).toHaveLength(0);
    expect((await emailKinds(client.email)).map((m) => m.kind)).toContain('booking_no_show');
  });

  it('the customer reports a no-show; an admin refunds in full; both are told', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const booking = await book(client, at(16, TUE));
    expect((await client.put('/api/user/language', { language: 'fr' })).status).toBe(200);
    clock.set(new Date(new Date(booking.serviceDate).getTime() + 20 * 60_000));
    expect((await client.post(`/api/bookings/${booking.id}/report-no-show`)).status).toBe(409);
    clock.advance(15 * 60_000);
    const reported = await client.post(`/api/bookings/${booking.id}/report-no-show`);
    expect(reported.status).toBe(200);
    expect(reported.body.status).toBe('disputed');
    const admin = await signedIn('admin@example.com');
    const panel = await admin.get('/api/admin/bookings');
    expect(panel.body.find((b: { id: number }) => b.id === booking.id)?.status).toBe('disputed');
    const resolved = await admin.patch(`/api/admin/bookings/${booking.id}`, { action: 'resolve_refund' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.status).toBe('cancelled');
    expect(await refundRows(booking.id)).toEqual([
      expect.objectContaining({ amountCents: booking.totalCents }),
    ]);
    const history = (await client.get(`/api/bookings/${booking.id}`)).body.history.map(
      (e: { kind: string }) => e.kind,
    );
    expect(history).toEqual(['paid', 'dispute_opened', 'cancelled', 'refunded', 'dispute_resolved']);
    expect((await emailKinds(client.email)).map((m) => m.kind)).toContain('booking_dispute');
    // Each side is notified in their account's language: this customer chose French, the admin English.
    const notes = async (who: typeof admin) =>
      ((await who.get('/api/notifications')).body as { title: string; message: string }[]).map(
        (n) => `${n.title}: ${n.message}`,
      );
    expect(await notes(client)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Nous avons reçu votre signalement: Nous examinons la réservation /),
        expect.stringMatching(/^Signalement tranché: La réservation .* est remboursée en entier\.$/),
      ]),
    );
    expect(await notes(admin)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^A customer reported a no-show: .* did not come for /)]),
    );
  });

  it('an admin settles a dispute for the partner: completed, no refund, and both sides are told', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const booking = await book(client, at(17, THU));
    clock.set(new Date(new Date(booking.serviceDate).getTime() + 40 * 60_000));
    expect((await client.post(`/api/bookings/${booking.id}/report-no-show`)).status).toBe(200);
    const partnerMails = (await emailKinds('salon.owner@example.com')).filter(
      (m) => m.kind === 'booking_dispute',
    );
    expect(partnerMails.some((m) => m.text.includes(booking.referenceNumber))).toBe(true);
    const admin = await signedIn('admin@example.com');
    const resolved = await admin.patch(`/api/admin/bookings/${booking.id}`, { action: 'resolve_completed' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.status).toBe('completed');
    expect(await refundRows(booking.id)).toEqual([]);
    const again = await admin.patch(`/api/admin/bookings/${booking.id}`, { action: 'resolve_refund' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('bookings.transition_not_allowed');
    const history = (await client.get(`/api/bookings/${booking.id}`)).body.history.map(
      (e: { kind: string }) => e.kind,
    );
    expect(history).toEqual(['paid', 'dispute_opened', 'dispute_resolved']);
    const resolvedMails = async (to: string) =>
      (await emailKinds(to)).filter(
        (m) => m.kind === 'booking_dispute' && m.text.includes(booking.referenceNumber),
      );
    expect((await resolvedMails(client.email)).length).toBeGreaterThanOrEqual(1);
    expect((await resolvedMails('salon.owner@example.com')).length).toBe(2); // opened, then settled
  });

  it('a partner cancel refunds in full and tells the customer why', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const partner = await signedIn('salon.owner@example.com');
    const booking = await book(client, at(11, TUE));
    clock.set(new Date(new Date(booking.serviceDate).getTime() - 2 * HOUR));
    const res = await partner.patch(`/api/partner/bookings/${booking.id}`, {
      action: 'cancel',
      reason: 'Our stylist is ill',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'partner',
      refundedCents: booking.totalCents,
    });
    const mail = (await emailKinds(client.email)).find((m) => m.kind === 'booking_cancelled');
    expect(mail?.text).toContain('Our stylist is ill');
  });

  it('confirmed bookings complete by themselves 2 hours after their end, once, even days later', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const booking = await book(client, at(17, TUE));
    const end = new Date(booking.endsAt).getTime();
    clock.set(new Date(end + 2 * HOUR - 60_000));
    await completeDueBookings(ctx.app.deps);
    expect((await client.get(`/api/bookings/${booking.id}`)).body.status).toBe('confirmed');
    // The server comes back days later: what fell due runs once.
    clock.set(new Date(end + 3 * 24 * HOUR));
    await completeDueBookings(ctx.app.deps);
    await completeDueBookings(ctx.app.deps);
    const after = (await client.get(`/api/bookings/${booking.id}`)).body;
    expect(after.status).toBe('completed');
    expect(after.history.filter((e: { kind: string }) => e.kind === 'completed')).toEqual([
      expect.objectContaining({ actor: 'system' }),
    ]);
  });
});

describe('ownership', () => {
  it("another customer's booking is a 404 on every route", async () => {
    clock.set(MONDAY_7AM);
    const owner = await customer();
    const stranger = await customer();
    const booking = await book(owner, at(13, SAT));
    for (const res of [
      await stranger.get(`/api/bookings/${booking.id}`),
      await stranger.post(`/api/bookings/${booking.id}/cancel`),
      await stranger.post(`/api/bookings/${booking.id}/reschedule`, { serviceDate: at(14, SAT) }),
      await stranger.post(`/api/bookings/${booking.id}/report-no-show`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('bookings.not_found');
    }
    const other = await signedIn('other.owner@example.com');
    expect((await other.patch(`/api/partner/bookings/${booking.id}`, { action: 'cancel' })).status).toBe(404);
    const [row] = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from bookings where id = ${booking.id}`,
    );
    expect(row!.status).toBe('confirmed');
  });
});
