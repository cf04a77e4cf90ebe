import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { bookings } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { hashPassword } from '../../src/server/modules/auth/password-hash';
import {
  type BookingRow,
  holdInOneStatement,
  insertHold,
  type NewHold,
} from '../../src/server/modules/bookings/bookings.repository';
import { HOLD_MS, MAX_OPEN_HOLDS } from '../../src/server/modules/bookings/bookings.usecases';
import { createTestApp, type TestContext } from '../support/app';
import { countTransactions, holdRow } from '../support/holds';
import { type Client, createClient } from '../support/http';
import { insertPartnerListing } from '../support/partners';
import { AT_HOME } from '../support/service-address';

// A hostile review of "A hold in one statement" (decision 008, migration 0032): odd but valid input
// through the one statement (the hold as jsonb) must read back as the long way stores it, and races
// on PostgreSQL must answer 200 or a 4xx, never a 500.

const onPostgres = Boolean(inject('postgresAdminUrl'));
// Monday 23 November 2026, 7:00 AM in Toronto.
const clock = fixedClock('2026-11-23T12:00:00Z');
let ctx: TestContext;
let home: number;
let atHomeProvider: number;
let atPlaceProvider: number;
const spare: number[] = [];
let people = 0;
let passwordHash: string;
/** Transactions the app opened (the long way opens one; the one statement none). */
let counted: ReturnType<typeof countTransactions>;

/** `hour` o'clock in Toronto (EST, UTC-5) on a date in late November / December 2026. */
const at = (hour: number, date = '2026-11-24') =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

async function customer(): Promise<{ client: Client; id: number; email: string }> {
  const n = ++people;
  const email = `attack${n}@example.com`;
  const id = await insertUser(ctx.database.db, { email, fullName: `Attack Er${n}`, passwordHash });
  const client = createClient(ctx, { ip: `10.33.${Math.floor(n / 200)}.${n % 200}` });
  await client.login(email, DEMO_PASSWORD);
  return { client, id, email };
}

async function provider(name: string, deliveredAt: 'customer' | 'provider' = 'provider') {
  return insertProvider(ctx.database.db, {
    name,
    categoryId: home,
    services: [{ name: 'Service', priceCents: 10_000, durationMinutes: 60, deliveredAt }],
  });
}

const hold = (client: Client, providerId: number, serviceDate: string, extra: Record<string, unknown> = {}) =>
  client.post('/api/create-payment-intent', {
    providerId,
    serviceDate,
    customerName: 'Attack Er',
    customerEmail: 'attack@example.com',
    ...AT_HOME,
    ...extra,
  });

const rowOf = async (id: number) =>
  (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

const typed = (row: BookingRow) => ({
  customerName: row.customerName,
  customerEmail: row.customerEmail,
  customerPhone: row.customerPhone,
  notes: row.notes,
  serviceAddress: row.serviceAddress,
  location: row.location,
});

const outcome = (res: { status: number; body?: { code?: string; message?: string } }) =>
  `${res.status}${res.status >= 400 ? ` ${res.body?.code} ${res.body?.message}` : ''}`;

beforeAll(async () => {
  passwordHash = await hashPassword(DEMO_PASSWORD);
  ctx = await createTestApp({
    clock,
    env: { LOG_LEVEL: 'silent' },
    seed: async ({ db }) => {
      home = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
    },
  });
  atHomeProvider = await provider('Odd Text At Home', 'customer');
  atPlaceProvider = await provider('Odd Text At Place', 'provider');
  for (let i = 0; i < 20; i++) spare.push(await provider(`Spare ${i}`));
  counted = countTransactions(ctx.database.db);
});
afterAll(() => ctx?.close());

describe('odd but valid text through the one statement reads back as typed, as the long way stores it', () => {
  const odd = {
    customerName: `O'Brien "Bob" \\ Zoë 🧹 שלום עליכם ‮evil‬ 𝕏`.slice(0, 100),
    customerEmail: 'o.brien+tag@example.com',
    notes:
      `${'Quote " backslash \\ tab\t newline\n emoji 👩‍👩‍👧 RTL مرحبا ‏ zero-width ​ {"json":true} \\u0000 literal '.repeat(20)}`.slice(
        0,
        1000,
      ),
    serviceAddress: {
      ...AT_HOME.serviceAddress,
      street: `12 "Rue" O'Connor \\ 🏠 #5 — שדרה`,
      unit: `4\\"B`,
      city: `Saint-Jérôme «ville»`,
      accessNotes: `${'Knock 🚪 "twice" \\ then الباب '.repeat(30)}`.slice(0, 500),
    },
  };

  it('quotes, backslashes, emoji, RTL, at the length limits: one statement and long way store the same', async () => {
    const { client } = await customer();
    const first = await counted(() => hold(client, atHomeProvider, at(9), odd));
    expect(outcome(first.result)).toBe('200');
    expect(first.opened).toBe(0);
    const second = await counted(() => hold(client, atHomeProvider, at(13), odd));
    expect(outcome(second.result)).toBe('200');
    expect(second.opened).toBe(1);
    const short = await rowOf(first.result.body.bookingId);
    const long = await rowOf(second.result.body.bookingId);
    expect(typed(short)).toEqual(typed(long));
    expect(short.customerName).toBe(odd.customerName.trim());
    expect(short.notes).toBe(odd.notes.trim());
    expect(short.serviceAddress?.street).toBe(odd.serviceAddress.street);
    expect(short.serviceAddress?.accessNotes).toBe(odd.serviceAddress.accessNotes.trim());
    expect(short.notes!.length).toBeGreaterThan(900);
  });

  it('a lone surrogate in the notes (valid JSON, invalid Unicode): a hold without a code is never a 500', async () => {
    const b = await customer();
    const short = await counted(() =>
      hold(b.client, atPlaceProvider, at(14, '2026-11-25'), { notes: 'Ring \ud800 twice \udc00 please' }),
    );
    expect(short.result.status, outcome(short.result)).toBeLessThan(500);
  });

  it('a lone surrogate: the one statement stores what the long way (insertHold) stores', async () => {
    const a = await customer();
    const now = clock.now();
    const serviceDate = new Date(at(16, '2026-11-25'));
    const values = (reference: string, start: Date): NewHold => ({
      ...holdRow({ reference, customerId: a.id, providerId: atPlaceProvider, start, now }),
      customerName: 'Lone \udc00 Surrogate',
      notes: 'Ring \ud800 twice',
    });
    const long = await insertHold(ctx.database.db, values('TR-LONE001', serviceDate));
    expect(long?.notes).toBe('Ring \ufffd twice');
    const b = await customer();
    const shortValues = { ...values('TR-LONE002', new Date(at(18, '2026-11-25'))), customerId: b.id };
    const short = await holdInOneStatement(ctx.database.db, shortValues, {
      now,
      maxOpen: MAX_OPEN_HOLDS,
    }).then(
      (row) => row?.notes,
      (error: Error) => `threw ${((error.cause ?? error) as { code?: string }).code} ${error.message}`,
    );
    expect(short).toBe(long?.notes);
  });

  it('a lone surrogate in the address (jsonb) on both ways: 200, stored as U+FFFD (the body is made well-formed first)', async () => {
    const { client } = await customer();
    const odd = { serviceAddress: { ...AT_HOME.serviceAddress, accessNotes: 'gate \ud800 code' } };
    const first = await counted(() => hold(client, atHomeProvider, at(10, '2026-11-28'), odd));
    expect(first.opened).toBe(0);
    expect(outcome(first.result)).toBe('200');
    // The same customer at the same provider again: the long way, whose insert casts the address to jsonb.
    const second = await counted(() => hold(client, atHomeProvider, at(14, '2026-11-28'), odd));
    expect(second.opened).toBe(1);
    expect(outcome(second.result)).toBe('200');
    for (const id of [first.result.body.bookingId, second.result.body.bookingId])
      expect((await rowOf(id)).serviceAddress?.accessNotes).toBe('gate \ufffd code');
  });

  it('a NUL character in the notes or the name: a clean 4xx and nothing held, on the one statement too', async () => {
    const c = await customer();
    const nulNotes = await hold(c.client, atPlaceProvider, at(9, '2026-11-26'), { notes: 'a\u0000b' });
    expect(nulNotes.status).toBeGreaterThanOrEqual(400);
    expect(nulNotes.status).toBeLessThan(500);
    const nulName = await hold(c.client, atPlaceProvider, at(9, '2026-11-26'), { customerName: 'Bo\u0000b' });
    expect(nulName.status).toBeGreaterThanOrEqual(400);
    expect(nulName.status).toBeLessThan(500);
    const nulAddress = await hold(c.client, atHomeProvider, at(9, '2026-11-26'), {
      serviceAddress: { ...AT_HOME.serviceAddress, accessNotes: 'gate\u0000code' },
    });
    expect(nulAddress.status).toBeGreaterThanOrEqual(400);
    expect(nulAddress.status).toBeLessThan(500);
    const held = await ctx.database.db.select().from(bookings).where(eq(bookings.customerId, c.id));
    expect(held).toEqual([]);
  });

  it('a service at the provider: no address is SQL NULL (not JSON null), and lines are the same JSON', async () => {
    const { client } = await customer();
    const first = await counted(() => hold(client, atPlaceProvider, at(9, '2026-11-27')));
    expect(outcome(first.result)).toBe('200');
    expect(first.opened).toBe(0);
    const second = await hold(client, atPlaceProvider, at(13, '2026-11-27'));
    expect(outcome(second)).toBe('200');
    const rows = await queryRows<{ id: number; address_null: boolean; lines: string; phone: string | null }>(
      ctx.database.db,
      sql`select id, service_address is null as address_null, lines::text as lines, customer_phone as phone
          from bookings where id in (${first.result.body.bookingId}, ${second.body.bookingId}) order by id`,
    );
    expect(rows.map((r) => r.address_null)).toEqual([true, true]);
    expect(rows[0]!.lines).toBe(rows[1]!.lines);
    expect(rows[0]!.phone).toBe(rows[1]!.phone);
  });
});

describe('time: the function decides by the app clock passed to it', () => {
  it("other customers' stale holds over the time are expired and the new hold wins the time", async () => {
    const a = await customer();
    const b = await customer();
    const c = await customer();
    const p = spare[0]!;
    expect(outcome(await hold(a.client, p, at(9, '2026-11-30')))).toBe('200');
    // B overlaps A's time partly (a 90-minute window is not possible: a second start inside the hour is).
    clock.advance(HOLD_MS + 1000);
    try {
      const won = await counted(() => hold(c.client, p, at(9, '2026-11-30')));
      expect(outcome(won.result)).toBe('200');
      expect(won.opened).toBe(0);
      const rows = await ctx.database.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.providerId, p), eq(bookings.customerId, a.id)));
      expect(rows.map((r) => r.status)).toEqual(['expired']);
      expect(rows[0]!.updatedAt.toISOString()).toBe(clock.now().toISOString());
      void b;
    } finally {
      clock.advance(-(HOLD_MS + 1000));
    }
  });

  it('a live hold (by the app clock) is never expired even though the database clock is later', async () => {
    const a = await customer();
    const b = await customer();
    const p = spare[1]!;
    expect(outcome(await hold(a.client, p, at(9, '2026-12-01')))).toBe('200');
    clock.advance(HOLD_MS - 1000);
    try {
      const taken = await hold(b.client, p, at(9, '2026-12-01'));
      expect(`${taken.status} ${taken.body?.code}`).toBe('409 bookings.slot_taken');
    } finally {
      clock.advance(-(HOLD_MS - 1000));
    }
  });

  it('the cap counts holds live by the app clock: three live, a fourth is 429; once they lapse, one statement again', async () => {
    const a = await customer();
    for (let i = 2; i < 5; i++)
      expect(outcome(await hold(a.client, spare[i]!, at(10, '2026-12-02')))).toBe('200');
    expect((await hold(a.client, spare[5]!, at(10, '2026-12-02'))).status).toBe(429);
    clock.advance(HOLD_MS + 1000);
    try {
      const fourth = await counted(() => hold(a.client, spare[5]!, at(10, '2026-12-02')));
      expect(outcome(fourth.result)).toBe('200');
      expect(fourth.opened).toBe(0);
    } finally {
      clock.advance(-(HOLD_MS + 1000));
    }
  });
});

describe.skipIf(!onPostgres)('races on PostgreSQL', () => {
  it('twelve customers race for one time: exactly one 200, the rest 409, no 5xx', async () => {
    const p = spare[6]!;
    const racers = await Promise.all(Array.from({ length: 12 }, () => customer()));
    const answers = await Promise.all(racers.map((r) => hold(r.client, p, at(9, '2026-12-03'))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const live = await ctx.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.providerId, p), eq(bookings.status, 'awaiting_payment')));
    expect(live).toHaveLength(1);
  });

  it('one customer triple-clicks Pay Now: one booking, the same id three times', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await customer();
      const p = spare[7 + round]!;
      const answers = await Promise.all([1, 2, 3].map(() => hold(a.client, p, at(9, '2026-12-04'))));
      expect(answers.map(outcome)).toEqual(['200', '200', '200']);
      expect(new Set(answers.map((r) => r.body.bookingId)).size).toBe(1);
      const rows = await ctx.database.db.select().from(bookings).where(eq(bookings.customerId, a.id));
      expect(rows.filter((r) => r.status === 'awaiting_payment')).toHaveLength(1);
    }
  });

  it('one customer at five providers at once: three 200, two 429, three live holds', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await customer();
      const answers = await Promise.all(
        [12, 13, 14, 15, 16].map((i) => hold(a.client, spare[i]!, at(9 + round, '2026-12-07'))),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const live = await ctx.database.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.customerId, a.id), eq(bookings.status, 'awaiting_payment')));
      expect(live).toHaveLength(3);
    }
  });

  it('a hold racing the account deletion: 200 or 4xx (never 5xx), and no live hold left for the deleted account', async () => {
    const failures: string[] = [];
    const seen: number[] = [];
    for (let round = 0; round < 8; round++) {
      const a = await customer();
      const p = spare[17 + (round % 3)]!;
      const start = at(8 + round, '2026-12-01');
      const [held, deleted] = await Promise.all([
        hold(a.client, p, start),
        a.client.request({ method: 'DELETE', url: '/api/user', body: { currentPassword: DEMO_PASSWORD } }),
      ]);
      if (held.status >= 500) failures.push(`round ${round}: hold ${outcome(held)}`);
      if (deleted.status !== 200) failures.push(`round ${round}: delete ${outcome(deleted)}`);
      seen.push(held.status);
      const left = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from bookings
            where provider_id = ${p} and service_date = ${start}::timestamptz and status = 'awaiting_payment'`,
      );
      if (left[0]!.n !== 0)
        failures.push(`round ${round}: ${left[0]!.n} live hold(s) left (hold ${outcome(held)})`);
    }
    expect(failures).toEqual([]);
    // Not trivially: every hold was answered 200 or 401 (a 400 would mean the time was not bookable).
    expect(seen.filter((s) => s !== 200 && s !== 401)).toEqual([]);
  });

  /** A raw session on the app's database that holds the provider's hold lock until released. */
  async function holdProviderLock(providerId: number) {
    const [row] = await queryRows<{ name: string }>(ctx.database.db, sql`select current_database() as name`);
    const url = new URL(inject('postgresAdminUrl')!);
    url.pathname = `/${row!.name}`;
    const session = new pg.Client({ connectionString: url.toString() });
    await session.connect();
    await session.query('begin');
    await session.query('select pg_advisory_xact_lock($1, $2::int)', [0x7472, providerId]);
    const waiters = async () =>
      (
        await session.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      ).rows[0]!.n;
    return {
      async waitForWaiter() {
        for (let i = 0; i < 300; i++) {
          if ((await waiters()) >= 1) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        throw new Error('the hold never waited for the provider lock');
      },
      async release() {
        await session.query('commit');
        await session.end();
      },
    };
  }

  it('forced: the account is deleted while the one statement waits for the provider lock: a 4xx, no hold', async () => {
    const a = await customer();
    const p = spare[18]!;
    const start = at(11, '2026-12-02');
    const gate = await holdProviderLock(p);
    const holding = hold(a.client, p, start);
    await gate.waitForWaiter().catch(async (error) => {
      await gate.release();
      throw new Error(`${error.message}: ${outcome(await holding)}`);
    });
    const deleted = await a.client.request({
      method: 'DELETE',
      url: '/api/user',
      body: { currentPassword: DEMO_PASSWORD },
    });
    await gate.release();
    const held = await holding;
    expect(outcome(deleted)).toBe('200');
    expect(held.status).toBeGreaterThanOrEqual(400);
    expect(held.status).toBeLessThan(500);
    const left = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from bookings where provider_id = ${p} and service_date = ${start}::timestamptz`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('forced: the partner removes the service while the one statement waits for the provider lock: 200 or 4xx, never 500', async () => {
    const owner = await insertPartnerListing(ctx.database.db, {
      ownerEmail: 'attack.partner@example.com',
      ownerName: 'Pat Partner',
      name: 'Attack Salon',
      categoryId: home,
      services: [
        { name: 'Haircut', priceCents: 10_000 },
        { name: 'Colour', priceCents: 12_000 },
      ],
    });
    const partner = createClient(ctx, { ip: '10.34.0.1' });
    await partner.login('attack.partner@example.com', DEMO_PASSWORD);
    const services = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from provider_services where provider_id = ${owner.id} order by sort_order`,
    );
    const a = await customer();
    const gate = await holdProviderLock(owner.id);
    const holding = hold(a.client, owner.id, at(10, '2026-12-02'), { serviceId: services[1]!.id });
    await gate.waitForWaiter().catch(async (error) => {
      await gate.release();
      throw new Error(`${error.message}: ${outcome(await holding)}`);
    });
    const saved = await partner.put('/api/partner/services', {
      services: [
        { id: services[0]!.id, name: 'Haircut', price: 100, description: null, durationMinutes: null },
      ],
    });
    await gate.release();
    const held = await holding;
    expect(outcome(saved)).toBe('200');
    expect(held.status, outcome(held)).toBeLessThan(500);
  });

  it('many refused holds in a row (409s): the app still answers at once and the pool has not grown', async () => {
    const p = spare[19]!;
    const owner = await customer();
    expect(outcome(await hold(owner.client, p, at(9, '2026-12-03')))).toBe('200');
    const racers = await Promise.all(Array.from({ length: 10 }, () => customer()));
    const sessions = async () =>
      (
        await queryRows<{ n: number }>(
          ctx.database.db,
          sql`select sessions::int as n from pg_stat_database where datname = current_database()`,
        )
      )[0]!.n;
    const before = await sessions();
    for (let i = 0; i < 20; i++) {
      const answers = await Promise.all(racers.map((r) => hold(r.client, p, at(9, '2026-12-03'))));
      expect(answers.map((r) => r.status).filter((s) => s !== 409)).toEqual([]);
    }
    const after = await sessions();
    // 200 refusals: connections kept, not one new session per refusal.
    expect(after - before).toBeLessThan(10);
    const open = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where application_name = 'trillium' and datname = current_database()`,
    );
    expect(open[0]!.n).toBeLessThanOrEqual(5);
    // And a hold of a free time still goes through (timings belong to `npm run bench`, not here).
    const ok = await hold(owner.client, spare[18]!, at(15, '2026-12-03'));
    expect(outcome(ok)).toBe('200');
  });
});
