import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/shared/contract/auth';
import { fixedClock } from '../../src/server/clock';
import { type Executor, openDatabase, preparedPer, queryRows } from '../../src/server/db/client';
import {
  bookings,
  payments,
  promotionRedemptions,
  providerServices,
  receipts,
  sandboxIntents,
} from '../../src/server/db/schema';
import { insertCategory, insertProvider } from '../../src/server/db/seed/factories';
import { reconcilePayments } from '../../src/server/modules/bookings/bookings.jobs';
import { confirmPayment } from '../../src/server/modules/bookings/bookings.payment';
import {
  attachIntent,
  expireStaleHolds,
  findBookingByIntent,
  insertHold,
  listLiveHoldsExpiringStale,
  lockForHold,
  lockProviderTimes,
  markPaymentRefunded,
  releaseHolds,
  upsertPayment,
} from '../../src/server/modules/bookings/bookings.repository';
import { finalizePaidBooking } from '../../src/server/modules/bookings/bookings.settlement';
import { type Customer, holdWithCard, sandboxCard, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import type { Client } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { AT_HOME } from '../support/service-address';

// A hostile customer and an unlucky operator against the hold and payment path (a review of the
// prepared hold and payment statements, 2026-11-26). The first three groups failed before their fixes
// (a lapsed hold retaken over a confirmed booking; a released hold retaken and paid; a 500 for a year
// of six digits); the groups marked "checked" held then and guard it now.

// Monday 23 November 2026, 7:00 AM in Toronto.
const START = '2026-11-23T12:00:00Z';
const clock = fixedClock(START);
let ctx: TestContext;
let admin: Client;
let people = 0;
const providers: number[] = [];

/** `hour` o'clock in Toronto (EST, UTC-5) on a date in late November 2026. */
const at = (hour: number, date = '2026-11-24') =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

const customer = (): Promise<Customer> => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `attack${n}@example.com`,
    fullName: `Mallory Attack${n}`,
    ip: `10.77.${Math.floor(n / 200)}.${n % 200}`,
  });
};

const hold = (
  client: Customer,
  providerId: number,
  serviceDate: string,
  extra: Record<string, unknown> = {},
) =>
  client.post('/api/create-payment-intent', {
    providerId,
    serviceDate,
    customerName: 'Mallory Attack',
    customerEmail: client.email,
    ...AT_HOME,
    ...extra,
  });

const bookingRow = async (id: number) =>
  (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

const isPostgres = () => ctx.database.kind === 'postgres';

/** Waits until `count` sessions of this database wait for an advisory lock (PostgreSQL only). */
async function waitForAdvisoryWaiters(count: number) {
  for (let i = 0; i < 500; i++) {
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
    );
    if (Number(row?.n) >= count) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never saw ${count} advisory lock waiter(s)`);
}

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    env: { LOG_LEVEL: 'silent' },
    seed: async ({ db }) => {
      const home = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      for (let i = 0; i < 12; i++)
        providers.push(
          await insertProvider(db, {
            name: `Attack Target ${i}`,
            categoryId: home,
            services: [
              { name: 'Deep Cleaning', priceCents: 10_000 },
              { name: 'Quick Tidy', priceCents: 6_000 },
            ],
          }),
        );
    },
  });
  admin = await signedInCustomer(ctx, {
    email: 'attack.admin@example.com',
    fullName: 'Ada Admin',
    ip: '10.77.250.1',
    role: 'admin',
  });
});
afterAll(() => ctx?.close());

describe("a late Pay and the processor's word on a lapsed hold at once", () => {
  it("a customer's retried Pay, racing the processor's word (webhook) on an expired hold, leaves the paid booking confirmed", async () => {
    const provider = providers[0]!;
    const client = await customer();
    const { hold: held, paymentMethodId } = await holdWithCard(client, {
      providerId: provider,
      serviceDate: at(10),
      extra: AT_HOME,
    });
    // The customer paid at the processor (Stripe's page, say) just before the hold ran out; the
    // browser died before telling the server. Eleven minutes on, the hold has run out.
    await ctx.database.db
      .update(sandboxIntents)
      .set({ status: 'succeeded', paymentMethodId })
      .where(eq(sandboxIntents.id, held.paymentIntentId));
    clock.advance(11 * 60_000);
    try {
      const row = await bookingRow(held.bookingId);
      let outcome: { status: number; code?: string };
      if (isPostgres()) {
        // Real requests, ordered by the provider's lock: the webhook's settlement waits first, then the
        // customer's retried Pay (which has already read the booking as a lapsed hold) waits to retake it.
        let release!: () => void;
        const released = new Promise<void>((r) => {
          release = r;
        });
        const blocker = ctx.database.db.transaction(async (tx) => {
          await lockProviderTimes(tx, provider);
          await released;
        });
        await new Promise((r) => setTimeout(r, 50));
        const webhook = finalizePaidBooking(ctx.app.deps, held.paymentIntentId);
        await waitForAdvisoryWaiters(1);
        const retry = client.post('/api/confirm-payment-intent', {
          paymentIntentId: held.paymentIntentId,
          paymentMethodId,
        });
        await waitForAdvisoryWaiters(2);
        release();
        await blocker;
        expect((await webhook).status).toBe('confirmed');
        const res = await retry;
        outcome = { status: res.status, code: res.body?.code };
      } else {
        // PGlite has one connection: the same interleaving, made by running the webhook's settlement
        // between the customer's read of the booking and its retake of the time.
        let fired = false;
        const db = ctx.app.deps.db;
        const steppedDb = new Proxy(db, {
          get(target, prop) {
            if (prop === 'transaction' && !fired) {
              return async (...args: unknown[]) => {
                fired = true;
                expect((await finalizePaidBooking(ctx.app.deps, held.paymentIntentId)).status).toBe(
                  'confirmed',
                );
                return (target.transaction as (...a: unknown[]) => unknown).apply(target, args);
              };
            }
            const value = Reflect.get(target, prop, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
        const user = { id: row.customerId } as unknown as User;
        try {
          const result = await confirmPayment({ ...ctx.app.deps, db: steppedDb }, user, {
            paymentIntentId: held.paymentIntentId,
            paymentMethodId,
          });
          outcome = { status: result.ok ? 200 : 402 };
        } catch (error) {
          outcome = {
            status: (error as { statusCode: number }).statusCode,
            code: (error as { code: string }).code,
          };
        }
      }
      const after = await bookingRow(held.bookingId);
      // Ten minutes later the hold sweep runs: a paid booking must not lapse like an unpaid hold.
      clock.advance(11 * 60_000);
      await expireStaleHolds(ctx.database.db, { now: clock.now() });
      const swept = await bookingRow(held.bookingId);
      // The money was taken once and the booking must stay what the payment made it.
      expect({
        outcome,
        status: after.status,
        paymentStatus: after.paymentStatus,
        afterSweep: `${swept.status}/${swept.paymentStatus}`,
      }).toEqual({
        outcome: { status: 200 },
        status: 'confirmed',
        paymentStatus: 'confirmed',
        afterSweep: 'confirmed/confirmed',
      });
    } finally {
      clock.set(START);
    }
  });
});

describe('a released hold is never taken back, even before its payment is voided', () => {
  it('a code limited to one use is used twice: the replaced hold is paid with it after the next customer took the freed use', async () => {
    const created = await admin.post('/api/admin/promotions', {
      title: 'Promotion ATTACKONE',
      description: 'A promotion made by the tests.',
      startDate: new Date(Date.parse(START) - 86_400_000).toISOString(),
      endDate: new Date(Date.parse(START) + 30 * 86_400_000).toISOString(),
      code: 'ATTACKONE',
      discountType: 'fixed',
      discountValue: 2_500,
      maxUses: 1,
    });
    expect(created.status).toBe(200);
    const provider = providers[1]!;
    const mallory = await customer();
    const victim = await customer();
    const first = await hold(mallory, provider, at(9), { promoCode: 'ATTACKONE' });
    expect(first.status).toBe(200);
    expect(first.body.promoCode).toBe('ATTACKONE');
    // Pay Now for another time at the same provider, without the code: the first hold is released and
    // its use goes back at once; its payment is voided only when the job queue gets to it.
    expect((await hold(mallory, provider, at(11))).status).toBe(200);
    // Someone else takes the one use now free.
    const victimHold = await hold(victim, providers[2]!, at(9), { promoCode: 'ATTACKONE' });
    expect(victimHold.status).toBe(200);
    // Before the void job runs, the first hold's payment is confirmed: it takes its time back and is paid.
    const stale = await mallory.post('/api/confirm-payment-intent', {
      paymentIntentId: first.body.paymentIntentId,
      paymentMethodId: await sandboxCard(mallory),
    });
    const paidVictim = await victim.post('/api/confirm-payment-intent', {
      paymentIntentId: victimHold.body.paymentIntentId,
      paymentMethodId: await sandboxCard(victim),
    });
    expect(paidVictim.status).toBe(200);
    await runDueJobs(ctx);
    const used = await ctx.database.db
      .select()
      .from(promotionRedemptions)
      .where(
        and(eq(promotionRedemptions.promotionId, created.body.id), eq(promotionRedemptions.status, 'used')),
      );
    const discounted = await ctx.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.promoCode, 'ATTACKONE'), eq(bookings.paymentStatus, 'confirmed')));
    // One use allowed: at most one paid booking carries the discount.
    expect({ staleStatus: stale.status, uses: used.length, paidWithCode: discounted.length }).toEqual({
      staleStatus: 409,
      uses: 1,
      paidWithCode: 1,
    });
  });

  it('one hold per provider and 3 in all: a released hold comes back with a declined card', async () => {
    const hoarder = await customer();
    const [a, b, c] = [providers[3]!, providers[4]!, providers[5]!];
    const first = await hold(hoarder, a, at(9, '2026-11-25'));
    expect(first.status).toBe(200);
    expect((await hold(hoarder, b, at(9, '2026-11-25'))).status).toBe(200);
    expect((await hold(hoarder, c, at(9, '2026-11-25'))).status).toBe(200);
    // A fourth at `a` replaces the first (one per provider).
    expect((await hold(hoarder, a, at(11, '2026-11-25'))).status).toBe(200);
    // A declined card on the released hold's payment: 402, but the hold has taken its time back.
    const declined = await hoarder.post('/api/confirm-payment-intent', {
      paymentIntentId: first.body.paymentIntentId,
      paymentMethodId: await sandboxCard(hoarder, '4000000000000002'),
    });
    const live = await ctx.database.db
      .select({ id: bookings.id, providerId: bookings.providerId })
      .from(bookings)
      .where(
        and(
          eq(bookings.customerId, (await bookingRow(first.body.bookingId)).customerId!),
          eq(bookings.status, 'awaiting_payment'),
          sql`${bookings.holdExpiresAt} > ${clock.now()}`,
        ),
      );
    expect({
      declined: declined.status,
      liveHolds: live.length,
      atProviderA: live.filter((h) => h.providerId === a).length,
    }).toEqual({ declined: 409, liveHolds: 3, atProviderA: 1 });
  });
});

/**
 * Pay Now for `first` whose processor call waits until Pay Now for `second`, at the same provider,
 * released it and the release's void job ran (with nothing to cancel yet); answers the late answer.
 */
async function lateIntentOnReleasedHold(provider: number, first: string, second: string) {
  const client = await customer();
  const processor = ctx.app.deps.payments;
  const createIntent = processor.createIntent;
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let letGo!: () => void;
  const gate = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  processor.createIntent = async (input) => {
    processor.createIntent = createIntent;
    entered();
    await gate;
    return createIntent.call(processor, input);
  };
  try {
    const late = hold(client, provider, first);
    await inside;
    const replacing = await hold(client, provider, second);
    expect(replacing.status).toBe(200);
    await runDueJobs(ctx);
    letGo();
    const answer = await late;
    expect({ status: answer.status, code: answer.body.code }).toEqual({
      status: 409,
      code: 'bookings.hold_released',
    });
    const [released] = await ctx.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.providerId, provider), eq(bookings.serviceDate, new Date(first))));
    return released!;
  } finally {
    processor.createIntent = createIntent;
    letGo();
  }
}

describe('a hold released while its payment is being started', () => {
  it('answers 409 and cancels the late intent, when the void job already ran before it was attached', async () => {
    const released = await lateIntentOnReleasedHold(providers[6]!, at(9, '2026-11-27'), at(11, '2026-11-27'));
    await runDueJobs(ctx);
    const after = await bookingRow(released.id);
    // The intent the processor started for it can never be charged now.
    const intent = await ctx.app.deps.payments.retrieveIntent(after.paymentIntentId!);
    expect({ status: after.status, payment: after.paymentStatus, intent: intent?.status }).toEqual({
      status: 'expired',
      payment: 'voided',
      intent: 'canceled',
    });
  });

  it('the server killed between the attach and its void job: the payments sweep cancels the intent', async () => {
    const released = await lateIntentOnReleasedHold(
      providers[6]!,
      at(13, '2026-11-27'),
      at(15, '2026-11-27'),
    );
    // The late intent's own void job never committed (the process died after the attach).
    const removed = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`delete from jobs where key = ${`payments.void-hold:${released.id}:${released.paymentIntentId}`}
          and state = 'pending' returning id`,
    );
    expect(removed).toHaveLength(1);
    await runDueJobs(ctx);
    expect((await bookingRow(released.id)).paymentStatus).toBe('pending');
    // The next server's sweep finds an unsettled payment on a hold that is no longer held.
    const swept = await reconcilePayments(ctx.app.deps);
    const after = await bookingRow(released.id);
    const intent = await ctx.app.deps.payments.retrieveIntent(after.paymentIntentId!);
    expect({ voided: swept.voided, payment: after.paymentStatus, intent: intent?.status }).toEqual({
      voided: 1,
      payment: 'voided',
      intent: 'canceled',
    });
  });

  it('on PostgreSQL: the attach sees a release committed while it waited for the provider lock', async () => {
    if (!isPostgres()) return;
    const provider = providers[7]!;
    const client = await customer();
    const held = await hold(client, provider, at(9, '2026-11-28'));
    expect(held.status).toBe(200);
    const row = await bookingRow(held.body.bookingId);
    const intent = await ctx.app.deps.payments.createIntent({
      amountCents: row.totalCents,
      currency: 'CAD',
      idempotencyKey: `late-attach-${row.id}`,
      metadata: { bookingId: String(row.id) },
      customerRef: String(row.customerId),
    });
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    // Another Pay Now of this customer at this provider, releasing the hold, holds the locks.
    const blocker = ctx.database.db.transaction(async (tx) => {
      await lockForHold(tx, row.customerId!, provider);
      await releaseHolds(tx, [row.id], clock.now());
      await released;
    });
    await new Promise((r) => setTimeout(r, 50));
    const attached = attachIntent(ctx.database.db, {
      bookingId: row.id,
      providerId: provider,
      processor: 'sandbox',
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      amountCents: intent.amountCents,
      status: intent.status,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    await waitForAdvisoryWaiters(1);
    release();
    await blocker;
    expect(await attached).toEqual({ held: false });
    expect((await bookingRow(row.id)).paymentIntentId).toBe(intent.id);
  });
});

describe("a payment row's word from the processor only moves forward", () => {
  it('a taken payment stays taken after a late decline, and a refunded one stays refunded after a repeated success', async () => {
    const client = await customer();
    const held = await hold(client, providers[10]!, at(16, '2026-11-26'));
    expect(held.status).toBe(200);
    const intentId = held.body.paymentIntentId as string;
    const word = (status: string, extra: Partial<typeof payments.$inferInsert> = {}) =>
      upsertPayment(ctx.database.db, {
        bookingId: held.body.bookingId,
        processor: 'sandbox',
        intentId,
        amountCents: held.body.amount,
        status,
        updatedAt: clock.now(),
        ...extra,
      });
    const row = async () => {
      const [found] = await ctx.database.db.select().from(payments).where(eq(payments.intentId, intentId));
      return { status: found!.status, cardLast4: found!.cardLast4, failureCode: found!.failureCode };
    };
    await word('succeeded', { cardBrand: 'visa', cardLast4: '4242' });
    // A declined card confirmed at the same moment answers after the good one.
    await word('requires_payment_method', { failureCode: 'card_declined', failureMessage: 'Declined.' });
    expect(await row()).toEqual({ status: 'succeeded', cardLast4: '4242', failureCode: null });
    await markPaymentRefunded(ctx.database.db, intentId, held.body.amount, clock.now());
    // The webhook delivers the success again.
    await word('succeeded', { cardBrand: 'visa', cardLast4: '4242' });
    expect(await row()).toEqual({ status: 'refunded', cardLast4: '4242', failureCode: null });
  });
});

describe('prepared hold statements (checked)', () => {
  it("the hold's prepared writes go with a rolled-back transaction (expiry of stale holds and the insert)", async () => {
    const provider = providers[6]!;
    const client = await customer();
    const stale = await hold(client, provider, at(14));
    expect(stale.status).toBe(200);
    const customerId = (await bookingRow(stale.body.bookingId)).customerId!;
    clock.advance(11 * 60_000);
    try {
      const now = clock.now();
      const from = new Date(at(14));
      const to = new Date(from.getTime() + 60 * 60_000);
      class RolledBack extends Error {}
      await expect(
        ctx.database.db.transaction(async (tx) => {
          await lockForHold(tx, customerId, provider);
          await listLiveHoldsExpiringStale(tx, { customerId, providerId: provider, from, to, now });
          // Inside: the stale hold was expired by the prepared CTE, so its time can be held again.
          expect(
            (await tx.select().from(bookings).where(eq(bookings.id, stale.body.bookingId)))[0]!.status,
          ).toBe('expired');
          const [template] = await tx.select().from(bookings).where(eq(bookings.id, stale.body.bookingId));
          const row = await insertHold(tx, {
            ...template!,
            reference: 'ZZZ-ZZZ-ZZZ',
            status: 'awaiting_payment',
            paymentStatus: 'pending',
            holdExpiresAt: new Date(now.getTime() + 600_000),
          });
          expect(row?.reference).toBe('ZZZ-ZZZ-ZZZ');
          throw new RolledBack();
        }),
      ).rejects.toBeInstanceOf(RolledBack);
      expect((await bookingRow(stale.body.bookingId)).status).toBe('awaiting_payment');
      expect(
        await ctx.database.db.select().from(bookings).where(eq(bookings.reference, 'ZZZ-ZZZ-ZZZ')),
      ).toEqual([]);
    } finally {
      clock.advance(-11 * 60_000);
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: a statement first prepared in a transaction that failed on it still runs on that connection',
    async () => {
      // A database of its own with one connection, so every statement below shares it.
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const own = await openDatabase({ kind: 'postgres', url: ownUrl(url), poolSize: 1 });
      try {
        const probe = preparedPer((db: Executor) =>
          db
            .select({ n: sql<number>`(${sql.placeholder('n')})::int / (${sql.placeholder('d')})::int` })
            .from(sql`(select 1) one`)
            .prepare('review2_probe_division'),
        );
        const pid = async (db: Executor) =>
          (await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0]!.pid;
        const before = await pid(own.db);
        // First use on this connection, inside a transaction that fails on it (division by zero).
        await expect(
          own.db.transaction(async (tx) => {
            await probe(tx).execute({ n: 1, d: 0 });
          }),
        ).rejects.toThrow();
        expect(await pid(own.db)).toBe(before);
        // The named statement survives the rollback: reused outside a transaction and in another one.
        expect(await probe(own.db).execute({ n: 6, d: 3 })).toEqual([{ n: 2 }]);
        await own.db.transaction(async (tx) => {
          expect(await probe(tx).execute({ n: 9, d: 3 })).toEqual([{ n: 3 }]);
        });
        // The connection is killed (PostgreSQL restarted, or the network dropped): the next call may
        // fail, the one after runs on a new connection, which prepares it again.
        await own.db.execute(sql`select 1`);
        const killer = await openDatabase({ kind: 'postgres', url: ownUrl(url), poolSize: 1 });
        await killer.db.execute(sql`select pg_terminate_backend(${before})`);
        await killer.close();
        await new Promise((r) => setTimeout(r, 100));
        await probe(own.db)
          .execute({ n: 1, d: 1 })
          .catch(() => undefined);
        expect(await probe(own.db).execute({ n: 8, d: 2 })).toEqual([{ n: 4 }]);
        expect(await pid(own.db)).not.toBe(before);
      } finally {
        await own.close();
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL: every connection of the app's pool killed mid-day, holds and payments work again at once (no 500)",
    async () => {
      const client = await customer();
      const first = await hold(client, providers[7]!, at(9, '2026-11-26'));
      expect(first.status).toBe(200);
      const killer = await openDatabase({
        kind: 'postgres',
        url: ownUrl(new URL(process.env.TEST_DATABASE_URL!)),
        poolSize: 1,
      });
      const kill = () =>
        killer.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and application_name = 'trillium' and pid <> pg_backend_pid()`,
        );
      try {
        await kill();
        await new Promise((r) => setTimeout(r, 100));
        const statuses: number[] = [];
        let res = await hold(client, providers[8]!, at(9, '2026-11-26'));
        for (let i = 0; i < 6 && res.status === 503; i++) {
          statuses.push(res.status);
          res = await hold(client, providers[8]!, at(9, '2026-11-26'));
        }
        statuses.push(res.status);
        expect(statuses.filter((s) => s !== 503 && s !== 200)).toEqual([]);
        expect(res.status).toBe(200);
        await kill();
        await new Promise((r) => setTimeout(r, 100));
        const pm = await sandboxCard(client).catch(() => sandboxCard(client));
        let paid = await client.post('/api/confirm-payment-intent', {
          paymentIntentId: res.body.paymentIntentId,
          paymentMethodId: pm,
        });
        for (let i = 0; i < 6 && paid.status === 503; i++)
          paid = await client.post('/api/confirm-payment-intent', {
            paymentIntentId: res.body.paymentIntentId,
            paymentMethodId: pm,
          });
        expect(paid.status).toBe(200);
        expect((await bookingRow(res.body.bookingId)).status).toBe('confirmed');
      } finally {
        await killer.close();
      }
    },
  );
});

/** The test's own database's URL (openTestDatabase made it from the admin URL with a fresh name). */
function ownUrl(admin: URL): string {
  const url = new URL(admin.toString());
  url.pathname = `/${currentDatabaseName}`;
  return url.toString();
}
let currentDatabaseName = '';
beforeAll(async () => {
  if (ctx.database.kind !== 'postgres') return;
  const [row] = await queryRows<{ name: string }>(ctx.database.db, sql`select current_database() as name`);
  currentDatabaseName = row!.name;
});

describe('paying races (checked)', () => {
  it('an expired hold confirmed late, its time still free: taken back and paid once, with the next receipt number', async () => {
    const client = await customer();
    const { hold: held, paymentMethodId } = await holdWithCard(client, {
      providerId: providers[9]!,
      serviceDate: at(13),
      extra: AT_HOME,
    });
    clock.advance(12 * 60_000);
    try {
      await expireStaleHolds(ctx.database.db, { now: clock.now() });
      expect((await bookingRow(held.bookingId)).status).toBe('expired');
      const [a, b] = await Promise.all([
        client.post('/api/confirm-payment-intent', {
          paymentIntentId: held.paymentIntentId,
          paymentMethodId,
        }),
        client.post('/api/confirm-payment-intent', {
          paymentIntentId: held.paymentIntentId,
          paymentMethodId,
        }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const row = await bookingRow(held.bookingId);
      expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'confirmed', holdExpiresAt: null });
      const docs = await ctx.database.db
        .select()
        .from(receipts)
        .where(eq(receipts.bookingId, held.bookingId));
      expect(docs).toHaveLength(1);
    } finally {
      clock.advance(-12 * 60_000);
    }
  });

  it('a second Pay Now with changed details while the payment is confirmed: one booking, one charge, no 5xx', async () => {
    const client = await customer();
    const { hold: held, paymentMethodId } = await holdWithCard(client, {
      providerId: providers[10]!,
      serviceDate: at(15),
      extra: AT_HOME,
    });
    const [paid, again] = await Promise.all([
      client.post('/api/confirm-payment-intent', { paymentIntentId: held.paymentIntentId, paymentMethodId }),
      hold(client, providers[10]!, at(15), { notes: 'Please bring a ladder', customerPhone: '416-555-0199' }),
    ]);
    expect(paid.status).toBe(200);
    expect([200, 409]).toContain(again.status);
    const rows = await ctx.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.providerId, providers[10]!), eq(bookings.status, 'confirmed')));
    expect(rows).toHaveLength(1);
    const [intent] = await ctx.database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, held.paymentIntentId));
    expect(intent!.amountCents).toBe(rows[0]!.totalCents);
  });

  it('a price changed between hold and payment: the hold is charged its own price, a new Pay Now prices anew', async () => {
    const client = await customer();
    const provider = providers[11]!;
    const { hold: held, paymentMethodId } = await holdWithCard(client, {
      providerId: provider,
      serviceDate: at(9, '2026-11-30'),
      extra: AT_HOME,
    });
    const before = await bookingRow(held.bookingId);
    await ctx.database.db
      .update(providerServices)
      .set({ priceCents: 20_000 })
      .where(and(eq(providerServices.providerId, provider), eq(providerServices.name, 'Deep Cleaning')));
    try {
      // Pay Now again for the same time and service: a new hold at the new price, the first one released.
      const again = await hold(client, provider, at(9, '2026-11-30'), { serviceId: before.serviceId });
      expect(again.status).toBe(200);
      expect(again.body.bookingId).not.toBe(held.bookingId);
      expect(again.body.priceCents).toBe(20_000);
      const paid = await client.post('/api/confirm-payment-intent', {
        paymentIntentId: again.body.paymentIntentId,
        paymentMethodId,
      });
      expect(paid.status).toBe(200);
      const row = await bookingRow(again.body.bookingId);
      const [intent] = await ctx.database.db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.id, again.body.paymentIntentId));
      const [receipt] = await ctx.database.db
        .select()
        .from(receipts)
        .where(eq(receipts.bookingId, again.body.bookingId));
      expect(intent!.amountCents).toBe(row.totalCents);
      expect(receipt!.totalCents).toBe(row.totalCents);
      expect((await bookingRow(held.bookingId)).status).toBe('expired');
    } finally {
      await ctx.database.db
        .update(providerServices)
        .set({ priceCents: 10_000 })
        .where(and(eq(providerServices.providerId, provider), eq(providerServices.name, 'Deep Cleaning')));
    }
  });

  it('someone else’s intent, read or confirmed, answers 404 and changes nothing', async () => {
    const owner = await customer();
    const thief = await customer();
    const held = await hold(owner, providers[11]!, at(16));
    expect(held.status).toBe(200);
    const res = await thief.post('/api/confirm-payment-intent', {
      paymentIntentId: held.body.paymentIntentId,
      paymentMethodId: await sandboxCard(thief),
    });
    expect(res.status).toBe(404);
    expect(await findBookingByIntent(ctx.database.db, held.body.paymentIntentId)).toMatchObject({
      status: 'awaiting_payment',
      paymentStatus: 'pending',
    });
  });
});

describe('a date JavaScript reads but the database cannot store', () => {
  it('a six-digit or negative year answers 4xx { code, message }, not 500', async () => {
    const client = await customer();
    const answers: string[] = [];
    for (const serviceDate of [
      '+275760-09-13T00:00:00.000Z',
      '+010000-01-01T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
    ]) {
      const res = await hold(client, providers[11]!, serviceDate);
      answers.push(`${serviceDate} -> ${res.status} ${res.body?.code}`);
    }
    // An admin's promotion dates go through the same check.
    const promotion = await admin.post('/api/admin/promotions', {
      title: 'Promotion FARAWAY',
      description: 'A promotion made by the tests.',
      startDate: START,
      endDate: '+275760-09-13T00:00:00.000Z',
      code: 'FARAWAY',
      discountType: 'fixed',
      discountValue: 500,
    });
    answers.push(`promotion -> ${promotion.status} ${promotion.body?.code}`);
    expect(answers.filter((a) => / (5\d\d) /.test(a))).toEqual([]);
    expect(promotion.status).toBe(400);
  });
});

describe('malformed and huge bodies on the money routes (checked)', () => {
  it('answer 4xx { code, message }, never 5xx', async () => {
    const client = await customer();
    const good = {
      providerId: providers[11]!,
      serviceDate: at(8, '2026-11-27'),
      customerName: 'Mallory Attack',
      customerEmail: client.email,
      ...AT_HOME,
    };
    const cases: [string, unknown][] = [
      ['/api/create-payment-intent', []],
      ['/api/create-payment-intent', 'just text'],
      ['/api/create-payment-intent', { ...good, providerId: '1e400' }],
      ['/api/create-payment-intent', { ...good, providerId: 99_999_999_999 }],
      ['/api/create-payment-intent', { ...good, providerId: 2_147_483_647 }],
      ['/api/create-payment-intent', { ...good, serviceId: 2_147_483_647 }],
      ['/api/create-payment-intent', { ...good, serviceId: -1 }],
      ['/api/create-payment-intent', { ...good, serviceDate: 'x'.repeat(200_000) }],
      ['/api/create-payment-intent', { ...good, serviceDate: 1e20 }],
      ['/api/create-payment-intent', { ...good, customerName: 'A\u0000B' }],
      ['/api/create-payment-intent', { ...good, notes: 'n\u0000' }],
      ['/api/create-payment-intent', { ...good, notes: 'n'.repeat(1001) }],
      ['/api/create-payment-intent', { ...good, promoCode: 'A\u0000B' }],
      ['/api/create-payment-intent', { ...good, promoCode: 'ǆ'.repeat(40) }],
      ['/api/create-payment-intent', { ...good, serviceTitle: '\u0000' }],
      [
        '/api/create-payment-intent',
        { ...good, serviceAddress: { ...AT_HOME.serviceAddress, accessNotes: 'gate \u0000 code' } },
      ],
      [
        '/api/create-payment-intent',
        { ...good, serviceAddress: { ...AT_HOME.serviceAddress, street: '\ud800' } },
      ],
      ['/api/create-payment-intent', { ...good, serviceAddress: 'somewhere' }],
      ['/api/create-payment-intent', { ...good, serviceAddress: [1, 2] }],
      ['/api/create-payment-intent', { ...good, discountCents: 0 }],
      ['/api/create-payment-intent', { ...good, junk: 'j'.repeat(1_100_000) }],
      ['/api/confirm-payment-intent', {}],
      ['/api/confirm-payment-intent', { paymentIntentId: 'pi_\u0000abc' }],
      ['/api/confirm-payment-intent', { paymentIntentId: 'pi_abc', paymentMethodId: 'pm_\u0000x' }],
      ['/api/confirm-payment-intent', { paymentIntentId: 'p'.repeat(101) }],
      ['/api/confirm-payment-intent', { paymentIntentId: 12345 }],
      ['/api/confirm-payment-intent', { paymentIntentId: ['pi_a', 'pi_b'] }],
      ['/api/confirm-payment-intent', { paymentIntentId: 'pi_does_not_exist' }],
      ['/api/bookings', { paymentIntentId: 'pi_\u0000' }],
      ['/api/bookings', { paymentIntentId: { $ne: null } }],
      ['/api/bookings', JSON.parse('{"__proto__": {"isAdmin": true}, "paymentIntentId": "pi_x"}')],
    ];
    const failures: string[] = [];
    for (const [url, body] of cases) {
      const res =
        typeof body === 'string'
          ? await client.request({
              method: 'POST',
              url,
              body,
              headers: { 'content-type': 'application/json' },
            })
          : await client.post(url, body);
      const shapeOk = typeof res.body?.code === 'string' && typeof res.body?.message === 'string';
      if (res.status < 400 || res.status >= 500 || !shapeOk)
        failures.push(
          `${url} ${JSON.stringify(body).slice(0, 80)} -> ${res.status} ${JSON.stringify(res.body)?.slice(0, 120)}`,
        );
    }
    expect(failures).toEqual([]);
    // Deeply nested JSON.
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await client.request({
      method: 'POST',
      url: '/api/create-payment-intent',
      body: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
