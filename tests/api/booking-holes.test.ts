import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { bookings, sandboxIntents } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { reconcilePayments } from '../../src/server/modules/bookings/bookings.jobs';
import {
  attachIntent,
  findBookingByIntent,
  lockProviderTimes,
  insertHold,
  isSlotConflict,
  releasableHolds,
  releaseHolds,
} from '../../src/server/modules/bookings/bookings.repository';
import { insertHoldWithNewReference } from '../../src/server/modules/bookings/bookings.usecases';
import { sandboxCard } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { AT_HOME } from '../support/service-address';

// Issue "Close the holes found under attack", items 1-5, and two holes found under load (6, 7): each
// test here failed on the code before the fix.

// Monday 23 November 2026, 7:00 AM in Toronto.
const clock = fixedClock('2026-11-23T12:00:00Z');
let ctx: TestContext;
let cleaners: number;
let lawyers: number;
const others: number[] = [];
let moveOutId: number;
let carpetId: number;
let tidyId: number;
let willId: number;
let notarizationId: number;
let people = 0;

/** `hour` o'clock in Toronto (EST, UTC-5) on a date in late November 2026. */
const at = (hour: number, date = '2026-11-24') =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

async function customer(): Promise<Client> {
  const email = `holes${++people}@example.com`;
  await insertUser(ctx.database.db, { email, fullName: `Hole Tester${people}`, password: DEMO_PASSWORD });
  const client = createClient(ctx, { ip: `10.31.${Math.floor(people / 200)}.${people % 200}` });
  await client.login(email, DEMO_PASSWORD);
  return client;
}

const hold = (client: Client, providerId: number, serviceDate: string, serviceId?: number) =>
  client.post('/api/create-payment-intent', {
    providerId,
    serviceDate,
    ...(serviceId ? { serviceId } : {}),
    customerName: 'Hole Tester',
    customerEmail: 'holes@example.com',
    ...AT_HOME,
  });

async function freeStarts(providerId: number, date: string, serviceId?: number) {
  const res = await createClient(ctx).get(
    `/api/providers/${providerId}/availability?from=${date}&days=1${serviceId ? `&serviceId=${serviceId}` : ''}`,
  );
  expect(res.status).toBe(200);
  const day = res.body.days.find((d: { date: string }) => d.date === date);
  return Object.fromEntries(
    day.slots.map((s: { label: string; available: boolean }) => [s.label, s.available]),
  );
}

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    // A 500 here is a race lost somewhere: the server's log says which error, where the answer cannot.
    env: { LOG_LEVEL: 'error' },
    seed: async ({ db }) => {
      const home = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      const legal = await insertCategory(db, { name: 'Legal', slug: 'legal' });
      cleaners = await insertProvider(db, {
        name: 'Spotless Moves',
        categoryId: home,
        services: [
          { name: 'Move-Out Cleaning', priceCents: 40000, durationMinutes: 360 },
          { name: 'Carpet Shampooing', priceCents: 15000, durationMinutes: 150 },
          { name: 'Quick Tidy', priceCents: 6000, durationMinutes: 60 },
        ],
      });
      lawyers = await insertProvider(db, {
        name: 'Bay Street Notaries',
        categoryId: legal,
        services: [
          { name: 'Will & Power of Attorney', priceCents: 40400 },
          { name: 'Notarization', priceCents: 4600 },
        ],
      });
      for (let i = 0; i < 4; i++)
        others.push(
          await insertProvider(db, { name: `Other Provider ${i}`, categoryId: home, priceCents: 5000 }),
        );
    },
  });
  const services = (id: number) =>
    createClient(ctx)
      .get(`/api/providers/${id}`)
      .then((r) => r.body.services as { id: number; name: string }[]);
  const cleaning = await services(cleaners);
  [moveOutId, carpetId, tidyId] = cleaning.map((s) => s.id) as [number, number, number];
  const legal = await services(lawyers);
  [willId, notarizationId] = legal.map((s) => s.id) as [number, number];
});
afterAll(() => ctx.close());

describe('1. reconciliation reaches every payment, however many holds were abandoned', () => {
  it('confirms a payment the server missed behind 120 abandoned holds, and voids the abandoned ones', async () => {
    // 120 abandoned holds, older than the paid one, with payments started at the processor.
    const { db } = ctx.database;
    const abandoned: number[] = [];
    for (let i = 0; i < 120; i++) {
      const start = new Date(at(8, '2026-11-27'));
      const [row] = await db
        .insert(bookings)
        .values({
          reference: `TR-AB${String(i).padStart(4, '0')}`,
          providerId: others[0]!,
          serviceTitle: 'Basic',
          serviceDate: start,
          endsAt: new Date(start.getTime() + 3_600_000),
          customerName: 'Abandoner',
          customerEmail: 'abandoner@example.com',
          priceCents: 5000,
          feeCents: 150,
          totalCents: 5150,
          status: 'expired',
          paymentStatus: 'pending',
          holdExpiresAt: new Date(clock.now().getTime() - 3_600_000),
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning({ id: bookings.id });
      const intent = await ctx.app.deps.payments.createIntent({
        amountCents: 5150,
        currency: 'CAD',
        idempotencyKey: `abandoned-${i}`,
        metadata: {},
        customerRef: '0',
      });
      await db.update(bookings).set({ paymentIntentId: intent.id }).where(eq(bookings.id, row!.id));
      abandoned.push(row!.id);
    }
    // A real customer pays; the processor takes the money and the server dies before it hears.
    const paying = await customer();
    const held = await hold(paying, cleaners, at(8, '2026-11-27'), tidyId);
    expect(held.status).toBe(200);
    await db
      .update(sandboxIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxIntents.id, held.body.paymentIntentId));
    // Back hours later: the hold has run out. One reconciliation pass finds the payment.
    clock.advance(3 * 3_600_000);
    try {
      const first = await reconcilePayments(ctx.app.deps, { batchSize: 25 });
      expect(first.confirmed).toBe(1);
      expect(first.voided).toBe(120);
      const [booking] = await db.select().from(bookings).where(eq(bookings.id, held.body.bookingId));
      expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'confirmed' });
      // The abandoned payments can never be charged now, and leave the list for good.
      const intents = await db
        .select({ status: sandboxIntents.status })
        .from(bookings)
        .innerJoin(sandboxIntents, eq(sandboxIntents.id, bookings.paymentIntentId))
        .where(inArray(bookings.id, abandoned));
      expect(intents.every((i) => i.status === 'canceled')).toBe(true);
      expect(await reconcilePayments(ctx.app.deps)).toMatchObject({ confirmed: 0, voided: 0, failed: 0 });
      // Nobody can take the paid time.
      const late = await customer();
      expect((await hold(late, cleaners, at(8, '2026-11-27'), tidyId)).status).toBe(409);
    } finally {
      clock.advance(-3 * 3_600_000);
    }
  });
});

describe('2. a booking occupies its whole service time', () => {
  it('a 6-hour Move-Out Cleaning at 8:00 AM blocks every start it overlaps, for every service', async () => {
    const mover = await customer();
    expect((await hold(mover, cleaners, at(8), moveOutId)).status).toBe(200);
    const tidy = await freeStarts(cleaners, '2026-11-24', tidyId);
    for (const label of ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM'])
      expect(tidy[label], label).toBe(false);
    expect(tidy['2:00 PM']).toBe(true);
    const carpet = await freeStarts(cleaners, '2026-11-24', carpetId);
    expect(carpet['1:00 PM']).toBe(false);
    expect(carpet['2:00 PM']).toBe(true);
    const other = await customer();
    const refused = await hold(other, cleaners, at(11), tidyId);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('bookings.slot_taken');
    expect((await hold(other, cleaners, at(14), tidyId)).status).toBe(200);
  });

  it('does not offer a service that would run past closing, and refuses it', async () => {
    const carpet = await freeStarts(cleaners, '2026-11-25', carpetId);
    expect(carpet['3:00 PM']).toBe(true);
    expect(carpet['4:00 PM']).toBeUndefined();
    expect(carpet['5:00 PM']).toBeUndefined();
    expect((await freeStarts(cleaners, '2026-11-25', tidyId))['5:00 PM']).toBe(true);
    const late = await hold(await customer(), cleaners, at(17, '2026-11-25'), carpetId);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('bookings.slot_off_schedule');
  });

  it('gives one winner among 10 customers racing for overlapping (not identical) starts', async () => {
    // Ten, as the test pool has five PostgreSQL connections: with twenty, a slow CI left the winner
    // waiting over two seconds for a connection to start its payment, and nobody won (as in the
    // reschedule race). A failure prints every answer.
    const racers = await Promise.all(Array.from({ length: 10 }, () => customer()));
    const starts = [9, 10, 11]; // 150-minute Carpet Shampooing: each overlaps the others
    const results = await Promise.all(
      racers.map((c, i) => hold(c, cleaners, at(starts[i % 3]!, '2026-11-26'), carpetId)),
    );
    const answers = JSON.stringify(results.map((r) => [r.status, r.body?.code]));
    expect(
      results.filter((r) => r.status === 200),
      answers,
    ).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 409),
      answers,
    ).toHaveLength(9);
  });

  it('answers every racer 200 or 409 when the same times are fought over round after round', async () => {
    // Concurrent inserts of overlapping bookings wait on each other's uncommitted rows: without the
    // provider's lock (lockForHold) such waits closed into deadlocks (a 500) or ran into the statement
    // timeout (a 503) on PostgreSQL, about one request in seventy in the benchmark's contended round.
    const racers = await Promise.all(Array.from({ length: 10 }, () => customer()));
    const provider = others[3]!;
    const rounds: string[] = [];
    for (const date of ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'])
      for (const hour of [9, 11, 13]) rounds.push(at(hour, date));
    for (const start of rounds) {
      const results = await Promise.all(racers.map((c) => hold(c, provider, start)));
      const answers = JSON.stringify(results.map((r) => [r.status, r.body?.code]));
      expect(
        results.filter((r) => r.status === 200),
        `${start}: ${answers}`,
      ).toHaveLength(1);
      expect(
        results.filter((r) => r.status === 409),
        `${start}: ${answers}`,
      ).toHaveLength(9);
    }
  });

  it('confirms a payment while others race for its time: 200 for the payer, 409 for each racer, no 5xx', async () => {
    // A confirmation writes its booking row as live again, under the provider's lock, as the racers'
    // holds are; without one order for both, such writers could each wait for the other (a deadlock).
    const provider = others[2]!;
    const racers = await Promise.all(Array.from({ length: 8 }, () => customer()));
    for (const [date, hour] of [
      ['2026-12-02', 9],
      ['2026-12-02', 11],
      ['2026-12-02', 13],
      ['2026-12-03', 9],
      ['2026-12-03', 11],
      ['2026-12-03', 13],
    ] as const) {
      const payer = await customer();
      const held = await hold(payer, provider, at(hour, date));
      expect(held.status).toBe(200);
      const paymentMethodId = await sandboxCard(payer);
      const [paid, ...raced] = await Promise.all([
        payer.post('/api/confirm-payment-intent', {
          paymentIntentId: held.body.paymentIntentId,
          paymentMethodId,
        }),
        ...racers.map((c) => hold(c, provider, at(hour, date))),
      ]);
      const answers = JSON.stringify([paid, ...raced].map((r) => [r.status, r.body?.code]));
      expect(paid.status, answers).toBe(200);
      expect(paid.body.status, answers).toBe('succeeded');
      expect(
        raced.map((r) => r.status),
        answers,
      ).toEqual(racers.map(() => 409));
    }
  });

  /**
   * Runs `work` while another transaction holds `providerId`'s lock: `work` must still be waiting after
   * 300 ms (it takes the lock before writing), and finish once the lock is let go. `whileWaiting` checks
   * what it has not written yet.
   */
  async function waitsForProviderLock<T>(
    providerId: number,
    work: () => Promise<T>,
    whileWaiting?: () => Promise<void>,
  ): Promise<T> {
    let finished = false;
    let running: Promise<T> | undefined;
    await ctx.database.db.transaction(async (tx) => {
      await lockProviderTimes(tx, providerId);
      running = work().finally(() => {
        finished = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(finished, 'finished while another transaction held the lock').toBe(false);
      await whileWaiting?.();
    });
    return running!;
  }

  // Writing a booking row so that it holds its time again makes PostgreSQL re-check the time against
  // racers' uncommitted holds, which wait for that row in turn: without the provider's lock first, that
  // closed into a deadlock (a 500) about one run of the racing test above in four. PostgreSQL only: a
  // second transaction cannot hold a lock beside PGlite's one connection.
  describe.runIf(process.env.TEST_DATABASE_URL)(
    "writes a held time again only under its provider's lock",
    () => {
      it("when attaching a new hold's payment", async () => {
        const held = await hold(await customer(), others[3]!, at(15, '2026-12-04'));
        expect(held.status).toBe(200);
        const bookingId = held.body.bookingId as number;
        await waitsForProviderLock(others[3]!, () =>
          attachIntent(ctx.database.db, {
            bookingId,
            providerId: others[3]!,
            processor: 'sandbox',
            intentId: 'pi_lock_test',
            clientSecret: 'pi_lock_test_secret',
            amountCents: 100,
            status: 'requires_payment_method',
            createdAt: clock.now(),
            updatedAt: clock.now(),
          }),
        );
        const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
        expect(row!.paymentIntentId).toBe('pi_lock_test');
      });

      it('when a payment confirms the hold', async () => {
        const client = await customer();
        const held = await hold(client, others[3]!, at(13, '2026-12-07'));
        expect(held.status).toBe(200);
        const paymentMethodId = await sandboxCard(client);
        const paid = await waitsForProviderLock(others[3]!, () =>
          client.post('/api/confirm-payment-intent', {
            paymentIntentId: held.body.paymentIntentId,
            paymentMethodId,
          }),
        );
        expect(paid.status).toBe(200);
        expect(paid.body.status).toBe('succeeded');
      });

      it("and only its own provider's, whatever plan reads the booking", async () => {
        // A row of another provider before the paid one, as a sequential scan meets them (a small
        // table's plan): a lock taken in the filter, for every row passed, would wait for that provider.
        expect((await hold(await customer(), others[3]!, at(9, '2026-12-07'))).status).toBe(200);
        const held = await hold(await customer(), cleaners, at(10, '2026-12-03'), carpetId);
        expect(held.status, JSON.stringify(held.body)).toBe(200);
        await ctx.database.db.transaction(async (locker) => {
          await lockProviderTimes(locker, others[3]!);
          const found = await ctx.database.db.transaction(async (tx) => {
            await tx.execute(sql`set local enable_indexscan = off`);
            await tx.execute(sql`set local enable_bitmapscan = off`);
            await tx.execute(sql`set local statement_timeout = 2000`);
            return findBookingByIntent(tx, held.body.paymentIntentId, { forUpdate: true });
          });
          expect(found?.id).toBe(held.body.bookingId);
        });
      });

      it('when a payment takes back the time of a hold that ran out', async () => {
        const client = await customer();
        const held = await hold(client, others[3]!, at(15, '2026-12-07'));
        expect(held.status).toBe(200);
        const paymentMethodId = await sandboxCard(client);
        clock.advance(11 * 60_000);
        try {
          const paid = await waitsForProviderLock(
            others[3]!,
            () =>
              client.post('/api/confirm-payment-intent', {
                paymentIntentId: held.body.paymentIntentId,
                paymentMethodId,
              }),
            async () => {
              // The time is not taken back yet: the hold still ends when it ran out.
              const [row] = await ctx.database.db
                .select()
                .from(bookings)
                .where(eq(bookings.id, held.body.bookingId));
              expect(row!.holdExpiresAt!.toISOString()).toBe(held.body.holdExpiresAt);
            },
          );
          expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        } finally {
          clock.advance(-11 * 60_000);
        }
      });
    },
  );

  it('is the database that refuses two overlapping live bookings, whatever code writes them', async () => {
    const owner = await insertUser(ctx.database.db, {
      email: `holes.direct${++people}@example.com`,
      fullName: 'Direct Writer',
      password: DEMO_PASSWORD,
    });
    const row = (reference: string, startHour: number, hours: number, status: 'confirmed' | 'cancelled') => ({
      reference,
      customerId: owner,
      providerId: cleaners,
      serviceTitle: 'Direct',
      serviceDate: new Date(at(startHour, '2026-11-27')),
      endsAt: new Date(new Date(at(startHour, '2026-11-27')).getTime() + hours * 3_600_000),
      customerName: 'Direct Writer',
      customerEmail: 'direct@example.com',
      priceCents: 10_000,
      feeCents: 300,
      totalCents: 10_300,
      status,
      paymentStatus: 'confirmed' as const,
    });
    await ctx.database.db.insert(bookings).values(row('TR-DIRCT1', 9, 3, 'confirmed'));
    // 11:00 to 12:00 overlaps 9:00 to 12:00: refused by the exclusion constraint (23P01).
    const overlap = await ctx.database.db
      .insert(bookings)
      .values(row('TR-DIRCT2', 11, 1, 'confirmed'))
      .then(
        () => 'inserted',
        (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code,
      );
    expect(overlap).toBe('23P01');
    // Touching ends do not overlap, and a cancelled booking holds no time.
    await ctx.database.db.insert(bookings).values(row('TR-DIRCT3', 12, 1, 'confirmed'));
    await ctx.database.db.insert(bookings).values(row('TR-DIRCT4', 10, 1, 'cancelled'));
  });

  it('lets a customer move their own long booking by an hour: its time does not block them, and only them', async () => {
    const mover = await customer();
    const held = await hold(mover, cleaners, at(9, '2026-11-30'), carpetId);
    expect(held.status).toBe(200);
    const paid = await mover.post('/api/confirm-payment-intent', {
      paymentIntentId: held.body.paymentIntentId,
      paymentMethodId: await sandboxCard(mover),
    });
    expect(paid.status).toBe(200);
    const starts = async (client: Client, moving?: number) => {
      const res = await client.get(
        `/api/providers/${cleaners}/availability?from=2026-11-30&days=1&serviceId=${carpetId}${moving ? `&moving=${moving}` : ''}`,
      );
      expect(res.status).toBe(200);
      return Object.fromEntries(
        res.body.days[0].slots.map((slot: { label: string; available: boolean }) => [
          slot.label,
          slot.available,
        ]),
      );
    };
    expect((await starts(mover))['10:00 AM']).toBe(false);
    expect((await starts(mover, held.body.bookingId))['10:00 AM']).toBe(true);
    // Someone else naming that booking changes nothing for them.
    const other = await customer();
    expect((await starts(other, held.body.bookingId))['10:00 AM']).toBe(false);
    expect((await createClient(ctx).get(`/api/providers/${cleaners}/availability?moving=abc`)).status).toBe(
      400,
    );
    const moved = await mover.post(`/api/bookings/${held.body.bookingId}/reschedule`, {
      serviceDate: at(10, '2026-11-30'),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.serviceDate).toBe(at(10, '2026-11-30'));
  });

  it('answers availability for a service of another provider with 400', async () => {
    const res = await createClient(ctx).get(`/api/providers/${cleaners}/availability?serviceId=${willId}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bookings.unknown_service');
  });
});

describe('3. holding the same time again with another service', () => {
  it('takes the new service and price, and releases the first hold and its payment', async () => {
    const client = await customer();
    const will = await hold(client, lawyers, at(10), willId);
    expect(will.body).toMatchObject({ priceCents: 40400, amount: 41770 });
    const notary = await hold(client, lawyers, at(10), notarizationId);
    expect(notary.status).toBe(200);
    expect(notary.body).toMatchObject({ priceCents: 4600, amount: 4756 });
    expect(notary.body.bookingId).not.toBe(will.body.bookingId);
    expect(notary.body.paymentIntentId).not.toBe(will.body.paymentIntentId);
    await runDueJobs(ctx);
    const [first] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, will.body.bookingId));
    expect(first).toMatchObject({ status: 'expired', paymentStatus: 'voided' });
    // The first payment can no longer be made; the second one can, at its own price.
    const cardId = await sandboxCard(client);
    const stale = await client.post('/api/confirm-payment-intent', {
      paymentIntentId: will.body.paymentIntentId,
      paymentMethodId: cardId,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('bookings.hold_released');
    const paid = await client.post('/api/confirm-payment-intent', {
      paymentIntentId: notary.body.paymentIntentId,
      paymentMethodId: cardId,
    });
    expect(paid.status).toBe(200);
    const view = await client.get(`/api/bookings/${notary.body.bookingId}`);
    expect(view.body).toMatchObject({ serviceTitle: 'Notarization', totalCents: 4756, status: 'confirmed' });
  });
});

describe('4. card tokens belong to their owner', () => {
  it("refuses to pay with another customer's card token", async () => {
    const owner = await customer();
    const thief = await customer();
    const ownersCard = await sandboxCard(owner);
    const held = await hold(thief, lawyers, at(14), notarizationId);
    const res = await thief.post('/api/confirm-payment-intent', {
      paymentIntentId: held.body.paymentIntentId,
      paymentMethodId: ownersCard,
    });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('payments.payment_method_missing');
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, held.body.bookingId));
    expect(row).toMatchObject({ status: 'awaiting_payment', paymentStatus: 'pending' });
    const [intent] = await ctx.database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, held.body.paymentIntentId));
    expect(intent!.status).toBe('requires_payment_method');
    // The owner's own payment with it still works.
    const own = await hold(owner, lawyers, at(15), notarizationId);
    const ok = await owner.post('/api/confirm-payment-intent', {
      paymentIntentId: own.body.paymentIntentId,
      paymentMethodId: ownersCard,
    });
    expect(ok.status).toBe(200);
  });
});

describe('5. one account cannot hold every time', () => {
  it('keeps one hold per provider: a new hold releases the older one and frees its time', async () => {
    const hoarder = await customer();
    for (const hour of [8, 9, 10, 11, 12])
      expect((await hold(hoarder, others[1]!, at(hour, '2026-11-30'))).status).toBe(200);
    const free = await freeStarts(others[1]!, '2026-11-30');
    expect([free['8:00 AM'], free['9:00 AM'], free['10:00 AM'], free['11:00 AM']]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(free['12:00 PM']).toBe(false);
  });

  it('caps unpaid holds at 3 across the site, also when asked all at once', async () => {
    const hoarder = await customer();
    const results = await Promise.all(
      [others[0]!, others[1]!, others[2]!, others[3]!, lawyers].map((id) =>
        hold(hoarder, id, at(16, '2026-12-01')),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.code).toBe('bookings.too_many_holds');
    // Once one is paid, another may be held.
    const paidOne = results.find((r) => r.status === 200)!;
    await hoarder.post('/api/confirm-payment-intent', {
      paymentIntentId: paidOne.body.paymentIntentId,
      paymentMethodId: await sandboxCard(hoarder),
    });
    expect((await hold(hoarder, cleaners, at(16, '2026-12-01'), tidyId)).status).toBe(200);
  });
});

describe('6. releasing a hold reads its own row, however many are waiting', () => {
  it('finds it by its key even when the statistics say no hold is waiting', async () => {
    const { db } = ctx.database;
    // A busy moment: 150 holds waiting for their payment across the site...
    const start = new Date(at(8, '2027-01-04')).getTime();
    await db
      .transaction(async (tx) => {
        const ids = (
          await tx
            .insert(bookings)
            .values(
              Array.from({ length: 150 }, (_v, i) => ({
                reference: `TR-WT${String(i).padStart(4, '0')}`,
                providerId: others[3]!,
                serviceTitle: 'Basic',
                serviceDate: new Date(start + i * 3_600_000),
                endsAt: new Date(start + (i + 1) * 3_600_000),
                customerName: 'Waiting',
                customerEmail: 'waiting@example.com',
                priceCents: 5000,
                feeCents: 150,
                totalCents: 5150,
                status: 'awaiting_payment' as const,
                paymentStatus: 'pending' as const,
                holdExpiresAt: new Date(clock.now().getTime() + 600_000),
                createdAt: clock.now(),
                updatedAt: clock.now(),
              })),
            )
            .returning({ id: bookings.id })
        ).map((r) => r.id);
        // ...after a vacuum made when none was: the partial indexes of waiting holds look empty.
        await tx.execute(
          sql`update pg_class set reltuples = 0
              where relname in ('bookings_customer_holds_idx', 'bookings_hold_expiry_idx')`,
        );
        const plan = await queryRows<Record<string, string>>(
          tx,
          sql`explain update bookings set status = 'expired' where ${releasableHolds([ids[75]!])}`,
        );
        const text = plan.map((row) => Object.values(row)[0]).join('\n');
        expect(text).toContain('bookings_pkey');
        expect(text).not.toContain('bookings_customer_holds_idx');
        expect(text).not.toContain('bookings_hold_expiry_idx');
        // The release itself: that hold, and no other.
        await releaseHolds(tx, [ids[75]!], clock.now());
        const statuses = await tx
          .select({ id: bookings.id, status: bookings.status })
          .from(bookings)
          .where(inArray(bookings.id, ids));
        expect(statuses.filter((r) => r.status === 'expired').map((r) => r.id)).toEqual([ids[75]]);
        // Nothing of this stays: the statistics and the holds go with the transaction.
        throw new RolledBack();
      })
      .catch((error) => {
        if (!(error instanceof RolledBack)) throw error;
      });
  });
});

describe('7. a booking reference drawn twice', () => {
  it('is drawn again: the hold is made, under a reference of its own', async () => {
    const { db } = ctx.database;
    const start = new Date(at(9, '2027-01-05')).getTime();
    const hold = (reference: string, hour: number) => ({
      reference,
      providerId: others[3]!,
      serviceTitle: 'Basic',
      serviceDate: new Date(start + hour * 3_600_000),
      endsAt: new Date(start + (hour + 1) * 3_600_000),
      durationMinutes: 60,
      customerName: 'Twice',
      customerEmail: 'twice@example.com',
      location: 'Toronto',
      deliveredAt: 'provider' as const,
      cancellationPolicy: 'flexible' as const,
      priceCents: 5000,
      discountCents: 0,
      feeCents: 150,
      taxCents: 0,
      totalCents: 5150,
      lines: [],
      holdExpiresAt: new Date(clock.now().getTime() + 600_000),
      createdAt: clock.now(),
      updatedAt: clock.now(),
      status: 'awaiting_payment' as const,
      paymentStatus: 'pending' as const,
    });
    await db
      .transaction(async (tx) => {
        const first = await insertHold(tx, hold('TR-TWICE2', 0));
        expect(first?.reference).toBe('TR-TWICE2');
        // The same reference for another time: nothing inserted, and the transaction goes on.
        expect(await insertHold(tx, hold('TR-TWICE2', 2))).toBeUndefined();
        const draws = ['TR-TWICE2', 'TR-TWICE3'];
        const { reference: _taken, ...rest } = hold('', 4);
        const second = await insertHoldWithNewReference(tx, rest, () => draws.shift()!);
        expect(second.reference).toBe('TR-TWICE3');
        expect(draws).toEqual([]);
        // A time that is taken still fails, as a slot conflict (409 "That time was just taken").
        const { reference: _r, ...overlapping } = hold('', 0);
        const clash = await insertHoldWithNewReference(tx, overlapping, () => 'TR-TWICE4').catch((e) => e);
        expect(isSlotConflict(clash)).toBe(true);
        throw new RolledBack();
      })
      .catch((error) => {
        if (!(error instanceof RolledBack)) throw error;
      });
  });
});

class RolledBack extends Error {}
