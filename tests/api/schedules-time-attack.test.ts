import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { bookings, providerServices, providers, providerTimeOff } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory } from '../../src/server/db/seed/factories';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { insertPartnerListing } from '../support/partners';

// Schedules and time, attacked (docs/product.md §5, §6, §8): weekly hours, time off, buffer, notice,
// the availability API, holds and reschedules, across daylight saving in America/Toronto (spring
// forward 2026-03-08 02:00 → 03:00, fall back 2026-11-01 02:00 → 01:00) and at the edges of days,
// grids and windows, by a hostile review (2026-11-27): the six tests of the first group failed before
// their fixes; the second group's probes held then and guard it now.

// Monday 23 November 2026, 7:00 AM in Toronto (EST, UTC-5).
const START = '2026-11-23T12:00:00Z';
// Monday 2 March 2026, 7:00 AM EST: the week of the spring-forward night.
const SPRING_WEEK = '2026-03-02T12:00:00Z';
// Monday 26 October 2026, 8:00 AM EDT: the week of the fall-back night.
const FALL_WEEK = '2026-10-26T12:00:00Z';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = fixedClock(START);
let ctx: TestContext;
let people = 0;
let dataDir: string;

type Shop = { id: number; ownerEmail: string; services: number[] };
const shops: Record<string, Shop> = {};
const shop = (key: string) => shops[key]!;

/** `hour` o'clock in Toronto on a date of late November / early December 2026 (EST, UTC-5). */
const at = (hour: number, date: string, minute = 0) =>
  new Date(
    `${date}T${String(hour + 5).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`,
  ).toISOString();

const customer = (): Promise<Customer> => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `sched.attack${n}@example.com`,
    fullName: `Tess Time${n}`,
    ip: `10.93.${Math.floor(n / 200)}.${n % 200}`,
  });
};

async function signedIn(email: string): Promise<Client> {
  const n = ++people;
  const client = createClient(ctx, { ip: `10.94.${Math.floor(n / 200)}.${n % 200}` });
  const res = await client.post('/api/login', { email, password: DEMO_PASSWORD, remember: true });
  expect(res.status).toBe(200);
  return client;
}

const hold = (client: Customer, providerId: number, serviceDate: string, serviceId?: number) =>
  client.post('/api/create-payment-intent', {
    providerId,
    serviceDate,
    customerName: 'Tess Time',
    customerEmail: client.email,
    ...(serviceId ? { serviceId } : {}),
  });

type Slot = { start: string; label: string; available: boolean };
type Day = { date: string; slots: Slot[] };

async function availability(providerId: number, query = '', client: Client = createClient(ctx)) {
  return client.get(`/api/providers/${providerId}/availability${query ? `?${query}` : ''}`);
}

/** The slots of one Toronto date, as availability lists them for a service. */
async function slotsOf(providerId: number, date: string, serviceId?: number, client?: Client) {
  const res = await availability(
    providerId,
    `from=${date}&days=1${serviceId ? `&serviceId=${serviceId}` : ''}`,
    client,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.days as Day[])[0]!.slots;
}
const freeOf = (slots: Slot[]) => slots.filter((s) => s.available).map((s) => s.start);

const bookingRow = async (id: number) =>
  (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const bookingsOf = (providerId: number) =>
  ctx.database.db.select().from(bookings).where(eq(bookings.providerId, providerId));
const timeOffOf = (providerId: number) =>
  ctx.database.db.select().from(providerTimeOff).where(eq(providerTimeOff.providerId, providerId));
const rulesOf = async (providerId: number) => {
  const [row] = await ctx.database.db
    .select({ notice: providers.minimumNoticeHours, buffer: providers.bufferMinutes })
    .from(providers)
    .where(eq(providers.id, providerId));
  return row!;
};

const errorShape = { code: expect.any(String), message: expect.any(String) };

beforeAll(async () => {
  clock.set(START);
  dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-schedules-attack-'));
  ctx = await createTestApp({
    clock,
    env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    seed: async ({ db }) => {
      const category = await insertCategory(db, { name: 'Baby-sitting', slug: 'baby-sitting' });
      const everyDay = [0, 1, 2, 3, 4, 5, 6];
      const add = async (key: string, schedule: { day: number; opensAt: string; closesAt: string }[]) => {
        const listing = await insertPartnerListing(db, {
          ownerEmail: `${key}.owner@example.com`,
          ownerName: `Owner ${key}`,
          name: `Sitters ${key}`,
          categoryId: category,
          streetAddress: '1 Yonge St',
          services: [
            { name: 'One hour', priceCents: 5_000, deliveredAt: 'provider' },
            { name: 'Two hours', priceCents: 9_000, durationMinutes: 120, deliveredAt: 'provider' },
            { name: 'Three hours', priceCents: 12_000, durationMinutes: 180, deliveredAt: 'provider' },
          ],
          schedule,
        });
        const services = (
          await db.select().from(providerServices).where(eq(providerServices.providerId, listing.id))
        )
          .sort((a, b) => a.sortOrder - b.sortOrder)
          .map((s) => s.id);
        shops[key] = { ...listing, services };
      };
      // Open around the clock, every day (night sitters, tow trucks).
      for (const key of ['allday', 'allday2', 'allday3', 'allday4'])
        await add(
          key,
          everyDay.map((day) => ({ day, opensAt: '00:00', closesAt: '24:00' })),
        );
      // The night shift: midnight to 3 AM, every day.
      await add(
        'night',
        everyDay.map((day) => ({ day, opensAt: '00:00', closesAt: '03:00' })),
      );
      // Ordinary Monday-Saturday, 8 AM to 6 PM listings.
      for (let i = 0; i < 12; i++)
        await add(
          `std${i}`,
          [1, 2, 3, 4, 5, 6].map((day) => ({ day, opensAt: '08:00', closesAt: '18:00' })),
        );
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------

describe('found by the review, fixed', () => {
  // A night sitter open midnight to 3 AM: on the spring-forward night customers are sold times that end after closing.
  it('on the spring-forward night, no start is offered or held whose service ends after closing', async () => {
    clock.set(SPRING_WEEK);
    const night = shop('night');
    // 3:00 AM EDT on 2026-03-08 is 07:00Z: closing.
    const closing = Date.parse('2026-03-08T07:00:00Z');
    const minutes = [60, 120, 180];
    const late: string[] = [];
    for (const [i, serviceId] of night.services.entries()) {
      const slots = await slotsOf(night.id, '2026-03-08', serviceId);
      for (const s of slots)
        if (s.available && Date.parse(s.start) + minutes[i]! * 60_000 > closing)
          late.push(`${s.label} for ${minutes[i]} min`);
    }
    // Today: 3:00 AM for 60 min, 1:00 AM for 120 min and 12:00 AM for 180 min, each ending at 4:00 AM EDT.
    expect(late).toEqual([]);
    // Today: a one-hour hold at 3:00 AM EDT, the minute the sitter closes, is accepted.
    const held = await hold(await customer(), night.id, '2026-03-08T07:00:00.000Z', night.services[0]);
    expect(held.status, JSON.stringify(held.body)).toBe(400);
    expect(held.body.code).toBe('bookings.slot_off_schedule');
    expect((await bookingsOf(night.id)).filter((b) => b.status === 'awaiting_payment')).toEqual([]);
  });

  // A partner who lengthens their buffer (travel time) still gets a customer booked back to back after an existing booking.
  it('a buffer lengthened after a booking is kept free after that booking too', async () => {
    clock.set(START);
    const std = shop('std0');
    const first = await bookAndPay(await customer(), {
      providerId: std.id,
      serviceDate: at(10, '2026-11-25'),
    });
    expect(first.bookingId).toBeGreaterThan(0);
    // Two more back to back the next day, sold without a buffer: they must stay as sold.
    for (const hour of [13, 14])
      await bookAndPay(await customer(), { providerId: std.id, serviceDate: at(hour, '2026-11-26') });
    const partner = await signedIn(std.ownerEmail);
    const rules = await partner.put('/api/partner/booking-rules', {
      minimumNoticeHours: 2,
      bufferMinutes: 60,
      cancellationPolicy: 'flexible',
    });
    expect(rules.status).toBe(200);
    // The hour after the 10:00 booking is the partner's buffer now.
    expect(freeOf(await slotsOf(std.id, '2026-11-25'))).not.toContain(at(11, '2026-11-25'));
    const next = await hold(await customer(), std.id, at(11, '2026-11-25'));
    expect(next.status, JSON.stringify(next.body).slice(0, 120)).toBe(409);
    expect(next.body.code).toBe('bookings.slot_taken');
    // Back to back: the first keeps its hour (its buffer cannot run into the second), the second gets the
    // new buffer, and nothing else moved.
    const nextDay = await slotsOf(std.id, '2026-11-26');
    expect(freeOf(nextDay)).not.toContain(at(15, '2026-11-26'));
    expect(freeOf(nextDay)).toContain(at(16, '2026-11-26'));
    expect((await hold(await customer(), std.id, at(15, '2026-11-26'))).body.code).toBe(
      'bookings.slot_taken',
    );
  });

  // An app or integration asking for 31 days (the API allows it) shows free times that every hold then refuses.
  it('availability never lists as free a start a hold refuses as beyond the booking window', async () => {
    clock.set(START);
    const std = shop('std1');
    const res = await availability(std.id, 'days=31');
    expect(res.status).toBe(200);
    const tooFar = (res.body.days as Day[])
      .flatMap((d) => d.slots)
      .filter((s) => s.available && Date.parse(s.start) > clock.now().getTime() + 15 * DAY)
      .map((s) => s.start);
    // The same with a `from` beyond the window.
    const later = await availability(std.id, 'from=2026-12-28&days=7');
    expect(later.status).toBe(200);
    const laterFree = (later.body.days as Day[]).flatMap((d) => d.slots).filter((s) => s.available);
    const refused = await hold(await customer(), std.id, tooFar[0] ?? at(10, '2026-12-18'));
    expect({ tooFar: tooFar.length, laterFree: laterFree.length }).toEqual({ tooFar: 0, laterFree: 0 });
    expect(refused.body.code).toBe('bookings.slot_too_far');
  });

  // Anyone (a crawler, a typo in a link) asking availability for a date the schema calls valid gets a 500, or another date.
  it('availability `from` that is not a real, storable date answers 400 {code,message}, never a 500 or another date', async () => {
    clock.set(START);
    const std = shop('std2');
    const answers: Record<string, unknown> = {};
    for (const from of ['9999-12-31', '9999-12-25', '2026-02-30', '2026-04-31', '0001-01-01']) {
      const res = await availability(std.id, `from=${from}&days=14`);
      // Either refused as a bad date, or answered for the very date asked.
      answers[from] =
        res.status === 200
          ? `200 from ${(res.body.days as Day[])[0]?.date}`
          : { status: res.status, ...res.body };
    }
    expect(answers).toEqual({
      '9999-12-31': { status: 400, ...errorShape },
      '9999-12-25': { status: 400, ...errorShape },
      '2026-02-30': { status: 400, ...errorShape },
      '2026-04-31': { status: 400, ...errorShape },
      '0001-01-01': { status: 400, ...errorShape },
    });
  });

  // An API client sending Toronto wall-clock time without an offset gets a booking at another hour, decided by the server's zone.
  it('a start without a zone is refused (or read as Toronto time), never read in the server process’s zone', async () => {
    clock.set(START);
    const std = shop('std3');
    const sent = '2026-11-25T14:00:00';
    const held = await hold(await customer(), std.id, sent);
    const booked =
      held.status === 200 ? (await bookingRow(held.body.bookingId)).serviceDate.toISOString() : null;
    // 2 PM in Toronto is 19:00Z; today it is booked at 14:00Z (9 AM in Toronto) because tests run in UTC.
    expect(
      held.status === 400 ? 'refused' : booked,
      `${held.status} ${JSON.stringify(held.body).slice(0, 100)}`,
    ).toMatch(/^(refused|2026-11-25T19:00:00\.000Z)$/);
  });

  // A customer who held a time, then decides to move their existing booking there instead, is shown it free and told it was "just taken".
  it('a time availability offers a customer moving their booking (their own hold there) is one the move accepts', async () => {
    clock.set(START);
    const std = shop('std4');
    const client = await customer();
    const booked = await bookAndPay(client, { providerId: std.id, serviceDate: at(10, '2026-11-25') });
    const target = at(10, '2026-11-26');
    const held = await hold(client, std.id, target);
    expect(held.status).toBe(200);
    const res = await availability(std.id, `from=2026-11-26&days=1&moving=${booked.bookingId}`, client);
    const offered = freeOf((res.body.days as Day[])[0]!.slots).includes(target);
    const moved = await client.post(`/api/bookings/${booked.bookingId}/reschedule`, { serviceDate: target });
    // Offered as free (and "Held for you"), the move must go through, releasing the customer's own hold; not offered, a 409 is fair.
    expect({ offered, status: moved.status }, JSON.stringify(moved.body).slice(0, 120)).toEqual(
      offered ? { offered: true, status: 200 } : { offered: false, status: 409 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe('checked: held before, kept', () => {
  it('spring forward: 23 distinct starts, no 2 AM; a booking across the gap blocks what it covers, by real time', async () => {
    clock.set(SPRING_WEEK);
    const allday = shop('allday');
    const [oneHour, twoHours] = allday.services;
    const slots = await slotsOf(allday.id, '2026-03-08', oneHour);
    expect(slots).toHaveLength(23);
    expect(new Set(slots.map((s) => s.start)).size).toBe(23);
    expect(slots.map((s) => s.label).slice(0, 4)).toEqual(['12:00 AM', '1:00 AM', '3:00 AM', '4:00 AM']);
    expect(slots.slice(0, 4).map((s) => s.start)).toEqual([
      '2026-03-08T05:00:00.000Z',
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T08:00:00.000Z',
    ]);
    // The day after still opens at midnight, now EDT.
    expect((await slotsOf(allday.id, '2026-03-09', oneHour))[0]!.start).toBe('2026-03-09T04:00:00.000Z');

    // Two hours from 1:00 AM EST: ends at 4:00 AM EDT, two real hours.
    const first = await hold(await customer(), allday.id, '2026-03-08T06:00:00.000Z', twoHours);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await bookingRow(first.body.bookingId)).endsAt.toISOString()).toBe('2026-03-08T08:00:00.000Z');
    const free = freeOf(await slotsOf(allday.id, '2026-03-08', oneHour));
    expect(free).not.toContain('2026-03-08T06:00:00.000Z');
    expect(free).not.toContain('2026-03-08T07:00:00.000Z');
    expect(free).toContain('2026-03-08T08:00:00.000Z');
    // 3:00 AM EDT given with its offset is the held instant; 2:00 AM EST (a wall time that never happens) too.
    const second = await customer();
    for (const given of ['2026-03-08T03:00:00-04:00', '2026-03-08T02:00:00-05:00']) {
      const taken = await hold(second, allday.id, given, oneHour);
      expect(taken.status, given).toBe(409);
      expect(taken.body.code).toBe('bookings.slot_taken');
    }
    // Off the grid inside the gap, and the hour after: refused / accepted.
    expect((await hold(second, allday.id, '2026-03-08T06:30:00.000Z', oneHour)).body.code).toBe(
      'bookings.slot_off_schedule',
    );
    const after = await hold(second, allday.id, '2026-03-08T04:00:00-04:00', oneHour);
    expect(after.status).toBe(200);
    expect((await bookingRow(after.body.bookingId)).serviceDate.toISOString()).toBe(
      '2026-03-08T08:00:00.000Z',
    );
  });

  it('spring forward: the notice is counted in real hours across the missing hour, the same by availability and holds', async () => {
    // 12:30 AM EST on the spring-forward night; 2 hours of notice end at 07:30Z (3:30 AM EDT).
    clock.set('2026-03-08T05:30:00Z');
    const allday = shop('allday2');
    const slots = await slotsOf(allday.id, '2026-03-08', allday.services[0]);
    expect(slots.filter((s) => Date.parse(s.start) < Date.parse('2026-03-08T09:00:00Z'))).toEqual([
      { start: '2026-03-08T05:00:00.000Z', label: '12:00 AM', available: false },
      { start: '2026-03-08T06:00:00.000Z', label: '1:00 AM', available: false },
      { start: '2026-03-08T07:00:00.000Z', label: '3:00 AM', available: false },
      { start: '2026-03-08T08:00:00.000Z', label: '4:00 AM', available: true },
    ]);
    const client = await customer();
    expect((await hold(client, allday.id, '2026-03-08T07:00:00.000Z')).body.code).toBe(
      'bookings.slot_too_soon',
    );
    expect((await hold(client, allday.id, '2026-03-08T08:00:00.000Z')).status).toBe(200);
  });

  it('fall back: 24 distinct starts on the 25-hour day; the repeated 1 AM is neither listed nor accepted; real-time ends', async () => {
    clock.set(FALL_WEEK);
    const allday = shop('allday3');
    const [oneHour, , threeHours] = allday.services;
    const slots = await slotsOf(allday.id, '2026-11-01', oneHour);
    expect(slots).toHaveLength(24);
    expect(new Set(slots.map((s) => s.start)).size).toBe(24);
    expect(slots.slice(0, 4).map((s) => [s.label, s.start])).toEqual([
      ['12:00 AM', '2026-11-01T04:00:00.000Z'],
      ['1:00 AM', '2026-11-01T05:00:00.000Z'],
      ['2:00 AM', '2026-11-01T07:00:00.000Z'],
      ['3:00 AM', '2026-11-01T08:00:00.000Z'],
    ]);
    expect(slots.at(-1)!.start).toBe('2026-11-02T04:00:00.000Z'); // 11:00 PM EST
    // The second 1:00 AM (EST, 06:00Z) is not offered, and a hold there is refused, consistently.
    const client = await customer();
    expect((await hold(client, allday.id, '2026-11-01T01:00:00-05:00', oneHour)).body.code).toBe(
      'bookings.slot_off_schedule',
    );
    // Three hours from midnight EDT end at 2:00 AM EST: three real hours, and 2:00 AM is then free.
    const long = await hold(client, allday.id, '2026-11-01T00:00:00-04:00', threeHours);
    expect(long.status, JSON.stringify(long.body)).toBe(200);
    expect((await bookingRow(long.body.bookingId)).endsAt.toISOString()).toBe('2026-11-01T07:00:00.000Z');
    const free = freeOf(await slotsOf(allday.id, '2026-11-01', oneHour));
    expect(free).not.toContain('2026-11-01T05:00:00.000Z');
    expect(free).toContain('2026-11-01T07:00:00.000Z');
    const backToBack = await hold(await customer(), allday.id, '2026-11-01T02:00:00-05:00', oneHour);
    expect(backToBack.status).toBe(200);
    // The night shift (midnight to 3 AM) on the same night: its last start ends at 3:00 AM EST, by closing.
    const night = await slotsOf(shop('night').id, '2026-11-01', shop('night').services[0]);
    expect(night.map((s) => s.start)).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ]);
  });

  it('time off on the fall-back day closes exactly that Toronto date, not the UTC one, in availability and holds', async () => {
    clock.set(FALL_WEEK);
    const allday = shop('allday4');
    const partner = await signedIn(allday.ownerEmail);
    const off = await partner.post('/api/partner/time-off', {
      startDate: '2026-11-01',
      endDate: '2026-11-01',
    });
    expect(off.status).toBe(201);
    const res = await availability(allday.id, 'from=2026-10-31&days=3');
    const days = res.body.days as Day[];
    expect(days.map((d) => [d.date, freeOf(d.slots).length])).toEqual([
      ['2026-10-31', 24],
      ['2026-11-01', 0],
      ['2026-11-02', 24],
    ]);
    const client = await customer();
    // 11 PM EDT on the 31st (03:00Z on the 1st, UTC): open.
    const eve = await hold(client, allday.id, '2026-11-01T03:00:00.000Z');
    expect(eve.status).toBe(200);
    // Midnight EDT and 11 PM EST on the 1st: closed, though one is the 1st and the other the 2nd in UTC.
    for (const start of ['2026-11-01T04:00:00.000Z', '2026-11-02T04:00:00.000Z'])
      expect((await hold(client, allday.id, start)).body.code, start).toBe('bookings.slot_off_schedule');
    // Midnight on the 2nd: open.
    expect((await hold(client, allday.id, '2026-11-02T05:00:00.000Z')).status).toBe(200);
  });

  it('edges of a day: ending exactly at closing, ending where the next starts (with and without buffer), :07, offsets', async () => {
    clock.set(START);
    const plain = shop('std5');
    const [oneHour, twoHours] = plain.services;
    const wed = '2026-11-25';
    // Two hours from 4 PM end at 6 PM closing: offered and held; from 5 PM: neither.
    const twoHourSlots = await slotsOf(plain.id, wed, twoHours);
    expect(twoHourSlots.at(-1)!.start).toBe(at(16, wed));
    const client = await customer();
    expect((await hold(client, plain.id, at(17, wed), twoHours)).body.code).toBe(
      'bookings.slot_off_schedule',
    );
    const closingHold = await hold(client, plain.id, at(16, wed), twoHours);
    expect(closingHold.status).toBe(200);
    // Without a buffer a booking may start where another ends, and end where another starts.
    await bookAndPay(await customer(), { providerId: plain.id, serviceDate: at(10, wed) });
    expect((await hold(await customer(), plain.id, at(11, wed), oneHour)).status).toBe(200);
    expect((await hold(await customer(), plain.id, at(9, wed), oneHour)).status).toBe(200);
    // Off the grid, a second off: refused; a date without a time is no instant (a 400 of the schema,
    // since the fix of the zone-less start); the hour given with its offset: accepted.
    const late = await customer();
    for (const start of [at(13, wed, 7), '2026-11-25T18:00:01.000Z'])
      expect((await hold(late, plain.id, start)).body.code, start).toBe('bookings.slot_off_schedule');
    expect((await hold(late, plain.id, wed)).body.code).toBe('validation_failed');
    const offset = await hold(late, plain.id, '2026-11-25T13:00:00-05:00');
    expect(offset.status).toBe(200);
    expect((await bookingRow(offset.body.bookingId)).serviceDate.toISOString()).toBe(at(13, wed));

    // A 30-minute buffer set before the bookings: kept after each booking, and before it for the one before.
    const buffered = shop('std6');
    const partner = await signedIn(buffered.ownerEmail);
    expect(
      (
        await partner.put('/api/partner/booking-rules', {
          minimumNoticeHours: 2,
          bufferMinutes: 30,
          cancellationPolicy: 'flexible',
        })
      ).status,
    ).toBe(200);
    const booked = await bookAndPay(await customer(), { providerId: buffered.id, serviceDate: at(10, wed) });
    expect((await bookingRow(booked.bookingId)).endsAt.toISOString()).toBe(at(11, wed, 30));
    const free = freeOf(await slotsOf(buffered.id, wed));
    expect(free).not.toContain(at(9, wed));
    expect(free).not.toContain(at(11, wed));
    expect(free).toContain(at(12, wed));
    // The last start of the day: its buffer may run past closing.
    expect(free).toContain(at(17, wed));
    for (const start of [at(9, wed), at(11, wed)])
      expect((await hold(await customer(), buffered.id, start)).body.code, start).toBe('bookings.slot_taken');
    expect((await hold(await customer(), buffered.id, at(12, wed))).status).toBe(200);
  });

  it('the availability window: days=1 and 31, `from` in the past, the default day at 11:30 PM in Toronto, bad queries 400', async () => {
    const std = shop('std7');
    // 11:30 PM Monday in Toronto is already Tuesday in UTC: the first day is still Monday.
    clock.set('2026-11-24T04:30:00Z');
    const late = await availability(std.id);
    expect((late.body.days as Day[]).map((d) => d.date).slice(0, 2)).toEqual(['2026-11-23', '2026-11-24']);
    expect(late.body.days).toHaveLength(14);
    clock.set(START);
    expect((await availability(std.id, 'days=1')).body.days).toHaveLength(1);
    const month = await availability(std.id, 'days=31');
    expect(month.body.days).toHaveLength(31);
    expect((month.body.days as Day[]).at(-1)!.date).toBe('2026-12-23');
    const past = await availability(std.id, 'from=2026-11-01&days=14');
    expect(past.status).toBe(200);
    const pastSlots = (past.body.days as Day[]).flatMap((d) => d.slots);
    expect(pastSlots.filter((s) => Date.parse(s.start) <= clock.now().getTime() && s.available)).toEqual([]);
    for (const query of [
      'days=0',
      'days=32',
      'days=-1',
      'days=1.5',
      'days=1e1',
      'days=',
      'days=1&days=2',
      'from=2026-1-1',
      'from=2026-11-23T00:00',
      'from=2026-13-01',
      'from=2026-11-00',
      'from=today',
      'serviceId=0',
      'serviceId=-3',
      `serviceId=${shop('std8').services[0]}`,
      'moving=-1',
      'moving=abc',
      'moving=1e3',
    ]) {
      const res = await availability(std.id, query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual(errorShape);
    }
  });

  it('malformed weekly hours are 400 {code,message} and write nothing; 00:00-24:00 is a whole day', async () => {
    clock.set(START);
    const std = shop('std8');
    const partner = await signedIn(std.ownerEmail);
    const before = (await partner.get('/api/partner/listing')).body.schedule;
    const day = (d: number, opensAt: unknown, closesAt: unknown) => ({ day: d, opensAt, closesAt });
    const bad: unknown[] = [
      [day(1, '24:00', '24:00')],
      [day(1, '18:00', '09:00')],
      [day(1, '-01:00', '09:00')],
      [day(1, '09:00', '23:60')],
      [day(1, '09:00', '24:15')],
      [day(1, '09:00:00', '17:00:00')],
      [day(1, '9:00 AM', '5:00 PM')],
      [day(1, 540, 1020)],
      [day(1, null, '17:00')],
      [day(1, '09:00', '99999999:00')],
      [{ day: '1', opensAt: '09:00', closesAt: '17:00' }],
      [day(1.5, '09:00', '17:00')],
      [day(-1, '09:00', '17:00')],
      [day(1e300, '09:00', '17:00')],
      [day(1, '09:00', '12:00'), day(1, '11:00', '17:00')],
      [0, 1, 2, 3, 4, 5, 6, 7].map((d) => day(d, '09:00', '17:00')),
      [0, 1, 2, 3, 4, 5, 6, 1].map((d) => day(d, '09:00', '17:00')),
      [1, 2]
        .map((d) => day(d, '09:00', '17:00'))
        .concat(Array.from({ length: 5000 }, () => day(3, '09:00', '17:00'))),
      'Mon-Fri 9-5',
      null,
      {},
    ];
    for (const schedule of bad) {
      const res = await partner.put('/api/partner/schedule', { schedule });
      expect(res.status, JSON.stringify(schedule).slice(0, 80)).toBe(400);
      expect(res.body).toEqual(errorShape);
    }
    expect((await partner.put('/api/partner/schedule', 'not json')).status).toBeLessThan(500);
    expect((await partner.get('/api/partner/listing')).body.schedule).toEqual(before);

    // A whole day (to 24:00): 24 hourly starts on an ordinary day, the last at 11 PM.
    const whole = await partner.put('/api/partner/schedule', { schedule: [day(1, '00:00', '24:00')] });
    expect(whole.status).toBe(200);
    expect(whole.body.schedule).toEqual([{ day: 1, opensAt: '00:00', closesAt: '24:00' }]);
    const slots = await slotsOf(std.id, '2026-11-30');
    expect(slots).toHaveLength(24);
    expect(slots.at(-1)).toMatchObject({ label: '11:00 PM', start: '2026-12-01T04:00:00.000Z' });
  });

  it('malformed booking rules and time off are 400 {code,message} and write nothing', async () => {
    clock.set(START);
    const std = shop('std9');
    const partner = await signedIn(std.ownerEmail);
    const good = { minimumNoticeHours: 2, bufferMinutes: 0, cancellationPolicy: 'flexible' };
    for (const body of [
      { ...good, minimumNoticeHours: true },
      { ...good, minimumNoticeHours: [] },
      { ...good, minimumNoticeHours: '0x10' },
      { ...good, minimumNoticeHours: 1e300 },
      { ...good, minimumNoticeHours: '-0.5' },
      { ...good, bufferMinutes: -15 },
      { ...good, bufferMinutes: 1e300 },
      { ...good, bufferMinutes: '15 minutes' },
      { ...good, bufferMinutes: 22.5 },
      { minimumNoticeHours: 2 },
      {},
    ]) {
      const res = await partner.put('/api/partner/booking-rules', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(errorShape);
    }
    expect(await rulesOf(std.id)).toEqual({ notice: 2, buffer: 0 });
    for (const body of [
      { startDate: '2026-12-10', endDate: '2026-12-01' },
      { startDate: '2026-12-01', endDate: '2028-12-01' },
      { startDate: '2026-11-23T00:00:00Z', endDate: '2026-11-24' },
      { startDate: ' 2026-12-01', endDate: '2026-12-01' },
      { startDate: '+02026-12-01', endDate: '2026-12-01' },
      { startDate: '2026-12-01' },
      { startDate: null, endDate: '2026-12-01' },
      { startDate: ['2026-12-01'], endDate: '2026-12-01' },
      { startDate: '2026-12-01', endDate: '9999-12-31' },
      { startDate: '0001-01-01', endDate: '2026-12-01' },
      { startDate: '2026-02-29', endDate: '2026-03-01' },
    ]) {
      const res = await partner.post('/api/partner/time-off', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(errorShape);
    }
    expect(await timeOffOf(std.id)).toEqual([]);
    // A time off begun in the past (and still running) is kept from today; 367 days is the most.
    const running = await partner.post('/api/partner/time-off', {
      startDate: '2026-11-20',
      endDate: '2026-11-24',
    });
    expect(running.status).toBe(201);
    expect(running.body).toMatchObject({ startDate: '2026-11-23', endDate: '2026-11-24' });
    expect(
      (await partner.post('/api/partner/time-off', { startDate: '2027-01-01', endDate: '2028-01-02' }))
        .status,
    ).toBe(201);
  });

  it('a partner closing the day, adding time off and lengthening the notice after bookings: the bookings stay, the rules apply to new times and moves', async () => {
    clock.set(START);
    const std = shop('std10');
    const client = await customer();
    const booked = await bookAndPay(client, { providerId: std.id, serviceDate: at(15, '2026-11-27') });
    const partner = await signedIn(std.ownerEmail);
    const listing = (await partner.get('/api/partner/listing')).body;
    const shorter = listing.schedule.map((d: { day: number }) => ({ ...d, closesAt: '12:00' }));
    expect((await partner.put('/api/partner/schedule', { schedule: shorter })).status).toBe(200);
    expect(
      (await partner.post('/api/partner/time-off', { startDate: '2026-11-30', endDate: '2026-11-30' }))
        .status,
    ).toBe(201);
    expect(
      (
        await partner.put('/api/partner/booking-rules', {
          minimumNoticeHours: 72,
          bufferMinutes: 0,
          cancellationPolicy: 'flexible',
        })
      ).status,
    ).toBe(200);
    expect((await bookingRow(booked.bookingId)).status).toBe('confirmed');
    const res = await availability(std.id, `days=14&moving=${booked.bookingId}`, client);
    const free = (res.body.days as Day[]).flatMap((d) => d.slots).filter((s) => s.available);
    // Nothing before 72 hours, nothing after noon, nothing on the day off.
    expect(free.filter((s) => Date.parse(s.start) < clock.now().getTime() + 72 * HOUR)).toEqual([]);
    expect(free.filter((s) => s.label.endsWith('PM') && s.label !== '12:00 PM')).toEqual([]);
    expect(free.filter((s) => s.start.startsWith('2026-11-30'))).toEqual([]);
    // Each refused to the move as it is hidden; the booking stays where it was.
    for (const [start, code] of [
      [at(10, '2026-11-25'), 'bookings.slot_too_soon'],
      [at(14, '2026-11-27'), 'bookings.slot_off_schedule'],
      [at(10, '2026-11-30'), 'bookings.slot_off_schedule'],
    ] as const) {
      const moved = await client.post(`/api/bookings/${booked.bookingId}/reschedule`, { serviceDate: start });
      expect(moved.body.code, start).toBe(code);
    }
    expect((await bookingRow(booked.bookingId)).serviceDate.toISOString()).toBe(at(15, '2026-11-27'));
    const ok = await client.post(`/api/bookings/${booked.bookingId}/reschedule`, {
      serviceDate: at(9, '2026-12-01'),
    });
    expect(ok.status).toBe(200);
    expect(free.map((s) => s.start)).toContain(at(9, '2026-12-01'));
  });

  it('a move racing the partner’s time off on its new day: never a 500, and a move that lands there is listed for the partner', async () => {
    clock.set(START);
    const std = shop('std11');
    const partner = await signedIn(std.ownerEmail);
    const clients = await Promise.all([customer(), customer(), customer()]);
    const booked = await Promise.all(
      clients.map((c, i) => bookAndPay(c, { providerId: std.id, serviceDate: at(9 + i, '2026-11-26') })),
    );
    const answers = await Promise.all([
      ...clients.map((c, i) =>
        c.post(`/api/bookings/${booked[i]!.bookingId}/reschedule`, { serviceDate: at(9 + i, '2026-12-02') }),
      ),
      partner.post('/api/partner/time-off', { startDate: '2026-12-02', endDate: '2026-12-02' }),
    ]);
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
    expect(answers.at(-1)!.status).toBe(201);
    const landed = [];
    for (const [i, b] of booked.entries()) {
      const row = await bookingRow(b.bookingId);
      expect(row.status).toBe('confirmed');
      if (answers[i]!.status === 200) {
        expect(row.serviceDate.toISOString()).toBe(at(9 + i, '2026-12-02'));
        landed.push(b.bookingId);
      } else {
        expect(answers[i]!.body.code).toBe('bookings.slot_off_schedule');
        expect(row.serviceDate.toISOString()).toBe(at(9 + i, '2026-11-26'));
      }
    }
    const list = await partner.get('/api/partner/time-off');
    const listed = (list.body as { bookings: { id: number }[] }[]).flatMap((t) =>
      t.bookings.map((b) => b.id),
    );
    expect(listed.sort()).toEqual(landed.sort());
  });
});
