import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { bookings, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import {
  type BookingRow,
  holdInOneStatement,
  type NewHold,
} from '../../src/server/modules/bookings/bookings.repository';
import { HOLD_MS, MAX_OPEN_HOLDS } from '../../src/server/modules/bookings/bookings.usecases';
import { createTestApp, type TestContext } from '../support/app';
import { countTransactions, holdRow } from '../support/holds';
import { type Client, createClient } from '../support/http';
import { AT_HOME } from '../support/service-address';

// Decision 008, "A hold in one statement": the common hold (no code, nothing else held at this provider)
// is one statement, migration 0032's function; every other goes the long way, the transaction in
// createHold. These tests hold the two ways to the same rows and the same answers.

// Monday 23 November 2026, 7:00 AM in Toronto.
const clock = fixedClock('2026-11-23T12:00:00Z');
let ctx: TestContext;
let cleaners: number;
const others: number[] = [];
let people = 0;
/** Counts the transactions a piece of work opens on the app's database (the long way opens one). */
let transactionsOf: ReturnType<typeof countTransactions>;

/** `hour` o'clock in Toronto (EST, UTC-5) on a date in late November 2026. */
const at = (hour: number, date = '2026-11-24') =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

async function customer(): Promise<{ client: Client; id: number }> {
  const email = `one-statement${++people}@example.com`;
  const id = await insertUser(ctx.database.db, {
    email,
    fullName: `One Statement${people}`,
    password: DEMO_PASSWORD,
  });
  const client = createClient(ctx, { ip: `10.32.${Math.floor(people / 200)}.${people % 200}` });
  await client.login(email, DEMO_PASSWORD);
  return { client, id };
}

const hold = (client: Client, providerId: number, serviceDate: string, extra: Record<string, unknown> = {}) =>
  client.post('/api/create-payment-intent', {
    providerId,
    serviceDate,
    customerName: 'One Statement',
    customerEmail: 'one-statement@example.com',
    notes: 'Ring twice',
    ...AT_HOME,
    ...extra,
  });

const rowOf = async (id: number) =>
  (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** A hold's row written straight through the function, as createHold would for `customerId` at `providerId`. */
const newHold = (customerId: number, providerId: number, start: string, reference: string) =>
  holdRow({ reference, customerId, providerId, start: new Date(start), now: clock.now() });

const atOnce = (values: NewHold) =>
  holdInOneStatement(ctx.database.db, values, { now: clock.now(), maxOpen: MAX_OPEN_HOLDS });

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    env: { LOG_LEVEL: 'error' },
    seed: async ({ db }) => {
      const home = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      cleaners = await insertProvider(db, {
        name: 'Spotless Moves',
        categoryId: home,
        services: [
          { name: 'Move-Out Cleaning', priceCents: 40000, durationMinutes: 120, deliveredAt: 'customer' },
        ],
      });
      for (let i = 0; i < 4; i++)
        others.push(
          await insertProvider(db, { name: `Other Provider ${i}`, categoryId: home, priceCents: 5000 }),
        );
    },
  });
  transactionsOf = countTransactions(ctx.database.db);
});
afterAll(() => ctx.close());

describe('the common hold, in one statement', () => {
  it('opens no transaction, and writes the row the long way writes (every column but its time and key)', async () => {
    const { client } = await customer();
    const first = await transactionsOf(() => hold(client, cleaners, at(9)));
    expect(first.result.status).toBe(200);
    expect(first.opened).toBe(0);
    // The same customer at the same provider, another time: the long way (it replaces the first).
    const second = await transactionsOf(() => hold(client, cleaners, at(13)));
    expect(second.result.status).toBe(200);
    expect(second.opened).toBe(1);

    const short = await rowOf(first.result.body.bookingId);
    const long = await rowOf(second.result.body.bookingId);
    expect(short.status).toBe('expired');
    expect(short.releasedAt).not.toBeNull();
    const sameness = (row: BookingRow) => {
      const {
        id,
        reference,
        serviceDate,
        endsAt,
        status,
        releasedAt,
        holdExpiresAt,
        paymentIntentId,
        ...rest
      } = row;
      return rest;
    };
    expect(sameness(short)).toEqual(sameness(long));
    // Every column of the hold was written: the address as an object, the lines, the phone, the notes.
    expect(long.serviceAddress).toEqual(AT_HOME.serviceAddress);
    expect(long.lines?.length).toBeGreaterThan(0);
    expect(long.notes).toBe('Ring twice');
    expect(long.customerPhone).toBe(AT_HOME.customerPhone);
    expect(long.endsAt.getTime() - long.serviceDate.getTime()).toBe(120 * 60_000);
    expect(short.endsAt.getTime() - short.serviceDate.getTime()).toBe(120 * 60_000);
    expect(first.result.body.holdExpiresAt).toBe(new Date(clock.now().getTime() + HOLD_MS).toISOString());
  });

  it('a code, or the same time pressed again, goes the long way and answers as before', async () => {
    const { client } = await customer();
    const first = await transactionsOf(() => hold(client, others[0]!, at(10)));
    expect(first.opened).toBe(0);
    const again = await transactionsOf(() => hold(client, others[0]!, at(10)));
    expect(again.result.status).toBe(200);
    expect(again.opened).toBe(1);
    expect(again.result.body.bookingId).toBe(first.result.body.bookingId);
    const coded = await transactionsOf(() => hold(client, others[1]!, at(10), { promoCode: 'NOSUCHCODE' }));
    // An unknown code is refused; the refusal holds nothing.
    expect(coded.result.status).toBe(404);
    expect(coded.opened).toBe(1);
    const there = await ctx.database.db.select().from(bookings).where(eq(bookings.providerId, others[1]!));
    expect(there).toEqual([]);
  });

  it('a taken time is a 409 from the one statement too, and holds nothing', async () => {
    const a = await customer();
    const b = await customer();
    expect((await hold(a.client, others[2]!, at(11))).status).toBe(200);
    const taken = await transactionsOf(() => hold(b.client, others[2]!, at(11)));
    expect(taken.opened).toBe(0);
    expect(taken.result.status).toBe(409);
    expect(taken.result.body.code).toBe('bookings.slot_taken');
    const held = await ctx.database.db.select().from(bookings).where(eq(bookings.customerId, b.id));
    expect(held).toEqual([]);
  });
});

describe('the function refuses, inserting nothing, every case it does not decide', () => {
  it('a reference another booking has: no row, so the caller draws again', async () => {
    const { id } = await customer();
    const first = await atOnce(newHold(id, others[3]!, at(8, '2026-11-30'), 'TR-ONCE01'));
    expect(first?.reference).toBe('TR-ONCE01');
    const { id: other } = await customer();
    expect(await atOnce(newHold(other, others[3]!, at(12, '2026-11-30'), 'TR-ONCE01'))).toBeUndefined();
    const rows = await ctx.database.db.select().from(bookings).where(eq(bookings.customerId, other));
    expect(rows).toEqual([]);
  });

  it('a customer who already holds a time at this provider, or holds the most there are: no row', async () => {
    const { id } = await customer();
    expect(await atOnce(newHold(id, others[0]!, at(8, '2026-12-01'), 'TR-ONCE02'))).toBeDefined();
    expect(await atOnce(newHold(id, others[0]!, at(12, '2026-12-01'), 'TR-ONCE03'))).toBeUndefined();
    expect(await atOnce(newHold(id, others[1]!, at(8, '2026-12-01'), 'TR-ONCE04'))).toBeDefined();
    expect(await atOnce(newHold(id, others[2]!, at(8, '2026-12-01'), 'TR-ONCE05'))).toBeDefined();
    expect(MAX_OPEN_HOLDS).toBe(3);
    expect(await atOnce(newHold(id, others[3]!, at(8, '2026-12-01'), 'TR-ONCE06'))).toBeUndefined();
    const rows = await ctx.database.db.select().from(bookings).where(eq(bookings.customerId, id));
    expect(rows.map((r) => r.reference).sort()).toEqual(['TR-ONCE02', 'TR-ONCE04', 'TR-ONCE05']);
  });

  it("an account deleted meanwhile: no row, and no hold in that account's name", async () => {
    const { id } = await customer();
    await ctx.database.db.delete(users).where(eq(users.id, id));
    expect(await atOnce(newHold(id, others[1]!, at(8, '2026-12-02'), 'TR-ONCE07'))).toBeUndefined();
    const rows = await ctx.database.db
      .select()
      .from(bookings)
      .where(inArray(bookings.reference, ['TR-ONCE07']));
    expect(rows).toEqual([]);
  });

  it("a stale hold over the new time is expired and the new one takes its time; another's live hold is not touched", async () => {
    const stale = await customer();
    const fresh = await customer();
    const start = at(8, '2026-12-03');
    const old = await atOnce(newHold(stale.id, others[2]!, start, 'TR-ONCE08'));
    expect(old).toBeDefined();
    const live = await atOnce(newHold(stale.id, others[3]!, start, 'TR-ONCE09'));
    expect(live).toBeDefined();
    clock.advance(HOLD_MS + 60_000);
    try {
      // The other provider's hold lapsed too, but it is not over this provider's time: left to its job.
      const taken = await atOnce(newHold(fresh.id, others[2]!, start, 'TR-ONCE10'));
      expect(taken?.status).toBe('awaiting_payment');
      expect((await rowOf(old!.id)).status).toBe('expired');
      expect((await rowOf(live!.id)).status).toBe('awaiting_payment');
    } finally {
      clock.advance(-(HOLD_MS + 60_000));
    }
  });
});
