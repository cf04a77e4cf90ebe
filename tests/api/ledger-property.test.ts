import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '../../src/shared/contract/auth';
import { lineTotals, priceLines } from '../../src/shared/domain/price-lines';
import { fixedClock } from '../../src/server/clock';
import { type Executor, queryRows } from '../../src/server/db/client';
import { bookings, refunds } from '../../src/server/db/schema';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { cancelBooking } from '../../src/server/modules/bookings/bookings.back-office';
import { findBookingById } from '../../src/server/modules/bookings/bookings.repository';
import { requestRefund } from '../../src/server/modules/bookings/bookings.settlement';
import { issueCreditNote } from '../../src/server/modules/receipts/receipts.usecases';
import { recordPayment } from '../../src/server/modules/earnings/earnings.ledger';
import { retryPayout, runPayouts } from '../../src/server/modules/earnings/earnings.payouts';
import { createSandboxPayouts } from '../../src/server/modules/earnings/earnings.processor';
import { partnerBalance } from '../../src/server/modules/earnings/earnings.repository';
import {
  checkLedger,
  partnerEarnings,
  partnerPayouts,
} from '../../src/server/modules/earnings/earnings.usecases';
import { createTestApp, type TestContext } from '../support/app';

/**
 * Issue 22's property: any sequence of payments (with and without a promo code, HST-registered or not),
 * partial refunds, cancellations, reschedules, completions, moves of the clock, payouts (some refused)
 * and retries leaves every booking's lines adding up to zero, and every partner's ledger balance equal
 * to the available and pending balances they are shown. The seed is printed; FC_SEED replays a run.
 */

const clock = fixedClock('2026-11-23T12:00:00Z');
let ctx: TestContext;
let categoryId: number;
let refuse = false;
let runs = 0;

const op = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    priceCents: fc.integer({ min: 500, max: 80_000 }),
    discountPercent: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })),
    hst: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(),
    percent: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('reschedule' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('complete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ kind: fc.constant('payout' as const), refused: fc.boolean() }),
  fc.record({ kind: fc.constant('retry' as const) }),
);
type Op = fc.Arbitrary<typeof op extends fc.Arbitrary<infer T> ? T : never>;

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    payouts: createSandboxPayouts({ failWith: () => (refuse ? 'The bank refused the transfer.' : null) }),
    seed: async ({ db }) => {
      categoryId = await insertCategory(db, { name: 'Cleaning', slug: 'cleaning' });
    },
  });
});
afterAll(() => ctx?.close());

/** Whether a live booking of the provider overlaps the hour from `start`. */
async function takenHour(db: Executor, providerId: number, start: Date) {
  const end = new Date(start.getTime() + 3_600_000);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from bookings where provider_id = ${providerId}
      and status in ('awaiting_payment', 'confirmed', 'completed')
      and service_date < ${end.toISOString()}::timestamptz and ends_at > ${start.toISOString()}::timestamptz limit 1`,
  );
  return rows.length > 0;
}

async function check(providerId: number, user: User) {
  const deps = { db: ctx.app.deps.db, clock };
  const ledger = await checkLedger(deps);
  expect(ledger.unbalanced).toEqual([]);
  const shown = await partnerEarnings(deps, user);
  expect(await partnerBalance(ctx.app.deps.db, providerId)).toBe(shown.availableCents + shown.pendingCents);
  // What every booking earned is paid, in a payout on its way, or still owed.
  const payouts = await partnerPayouts(deps, user);
  const sent = payouts.filter((p) => p.state !== 'failed').reduce((s, p) => s + p.amountCents, 0);
  const earned = shown.bookings.reduce((s, b) => s + b.netCents, 0);
  expect(sent + shown.availableCents + shown.pendingCents).toBe(earned);
  for (const b of shown.bookings) {
    expect(b.netCents).toBeGreaterThanOrEqual(0);
    expect(b.grossCents - b.feeCents - b.hstCents - b.refundedCents).toBe(b.netCents);
  }
}

it('keeps every booking balanced and every balance equal to what the partner is shown', async () => {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2_147_483_647);
  console.log(`ledger property: seed ${seed} (replay with FC_SEED=${seed})`);
  await fc.assert(
    fc.asyncProperty(fc.array(op as Op, { minLength: 1, maxLength: 14 }), async (ops) => {
      const n = ++runs;
      const db = ctx.app.deps.db;
      const ownerId = await insertUser(db, {
        email: `prop${n}@example.com`,
        fullName: `Pat Property${n}`,
        password: 'Not-used-1!',
        role: 'partner',
      });
      const user = { id: ownerId, role: 'partner' } as User;
      const registered = await insertProvider(db, {
        name: `Property ${n} Registered`,
        categoryId,
        ownerUserId: ownerId,
        hstNumber: '123456782RT0001',
        services: [{ name: 'Clean', priceCents: 5000 }],
      });
      const ids: number[] = [];
      const pick = (i: number) => (ids.length ? ids[i % ids.length] : undefined);
      let key = 0;
      for (const step of ops) {
        const now = clock.now();
        if (step.kind === 'pay') {
          const discountCents = Math.floor((step.priceCents * step.discountPercent) / 100);
          const { lines } = priceLines({
            servicePriceCents: step.priceCents,
            partnerHstRegistered: step.hst,
            categoryExempt: false,
            discountCents,
            promoCode: discountCents ? 'PROMO' : null,
          });
          // Five days ahead, an hour later for each booking; past any live booking of the provider there
          // (a moved one can sit on that hour), as the no-overlap constraint requires.
          let start = new Date(now.getTime() + (5 * 24 + ids.length) * 3_600_000);
          while (await takenHour(db, registered, start)) start = new Date(start.getTime() + 3_600_000);
          await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(bookings)
              .values({
                reference: `TR-P${n}X${ids.length}`,
                providerId: registered,
                serviceTitle: 'Clean',
                serviceDate: start,
                endsAt: new Date(start.getTime() + 3_600_000),
                customerName: 'Prop Customer',
                customerEmail: 'prop@example.com',
                ...lineTotals(lines),
                lines,
                status: 'confirmed',
                paymentStatus: 'confirmed',
                paymentIntentId: `pi_prop_${n}_${ids.length}`,
                confirmedAt: now,
              })
              .returning();
            await recordPayment(tx, row!, now);
            ids.push(row!.id);
          });
        } else if (step.kind === 'refund') {
          const id = pick(step.pick);
          if (!id) continue;
          const booking = (await findBookingById(db, id))!;
          const [given] = await queryRows<{ total: string | null }>(
            db,
            sql`select sum(amount_cents) as total from refunds where booking_id = ${id}`,
          );
          const left = booking.totalCents - Number(given?.total ?? 0);
          const amountCents = Math.ceil((left * step.percent) / 100);
          if (amountCents <= 0) continue;
          await db.transaction(async (tx) => {
            const refund = await requestRefund(tx, {
              booking,
              amountCents,
              reason: 'property',
              key: `prop-${n}-${++key}`,
              now,
            });
            if (refund) await issueCreditNote(tx, ctx.app.deps.env, { booking, ...refund, now });
          });
        } else if (step.kind === 'cancel') {
          const id = pick(step.pick);
          if (!id) continue;
          const earlier = await db.select().from(refunds).where(eq(refunds.bookingId, id));
          if (earlier.length > 0) continue; // a booking is cancelled before any refund, or not at all
          try {
            await cancelBooking(ctx.app.deps, id, { by: 'customer' });
          } catch (error) {
            if ((error as { code?: string }).code !== 'bookings.transition_not_allowed') throw error;
          }
        } else if (step.kind === 'reschedule') {
          const id = pick(step.pick);
          if (!id) continue;
          await db
            .update(bookings)
            .set({
              serviceDate: sql`${bookings.serviceDate} + interval '1 day'`,
              endsAt: sql`${bookings.endsAt} + interval '1 day'`,
            })
            // Refused, as the product refuses it, when the day after is taken by another live booking.
            .where(sql`${bookings.id} = ${id} and ${bookings.status} = 'confirmed' and not exists (
              select 1 from bookings o where o.provider_id = ${bookings.providerId} and o.id <> ${bookings.id}
                and o.status in ('awaiting_payment', 'confirmed', 'completed')
                and o.service_date < ${bookings.endsAt} + interval '1 day'
                and o.ends_at > ${bookings.serviceDate} + interval '1 day')`);
        } else if (step.kind === 'complete') {
          const id = pick(step.pick);
          if (!id) continue;
          await db
            .update(bookings)
            .set({ status: 'completed', completedAt: now })
            .where(sql`${bookings.id} = ${id} and ${bookings.status} = 'confirmed'`);
        } else if (step.kind === 'advance') {
          clock.advance(step.hours * 3_600_000);
        } else if (step.kind === 'payout') {
          refuse = step.refused;
          await runPayouts({ db, clock, payouts: ctx.app.deps.payouts });
          refuse = false;
        } else if (step.kind === 'retry') {
          for (const p of await partnerPayouts({ db, clock }, user)) {
            if (p.state !== 'failed') continue;
            try {
              await retryPayout({ db, clock, payouts: ctx.app.deps.payouts }, p.id);
            } catch (error) {
              if ((error as { code?: string }).code !== 'payouts.already_repaid') throw error;
            }
          }
        }
        await check(registered, user);
      }
    }),
    { seed, numRuns: Number(process.env.FC_RUNS ?? 25) },
  );
}, 300_000);
