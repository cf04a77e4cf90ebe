import path from 'node:path';
import { and, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, emailOutbox, jobs, payments, refunds } from '../../src/server/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/db/seed/demo';
import { createLocalStorage } from '../../src/server/modules/applications/storage';
import { createDemoApp } from '../support/app';
import { openTestDatabase } from '../support/database';
import { type Client, createClient } from '../support/http';

// The demo hangs together (docs/product.md, "The demo"): its customer's bookings are made through the
// booking use cases under a moved clock, so what every screen reads about them agrees: the provider's
// own services, the service address, the HST lines, the refund and its credit note, the notifications,
// the e-mails; every booking names an account; the decided applications are in the audit log.

// A Sunday evening in Toronto, the night the clocks go back: the seed's days and times must still be open.
const NOW = new Date('2026-11-02T04:30:00Z');
let ctx: Awaited<ReturnType<typeof createDemoApp>>;
let dataDir: string;
const signIn = async (email: string, ip: string): Promise<Client> => {
  const client = createClient(ctx, { ip });
  await client.login(email, DEMO_PASSWORD);
  return client;
};

type Seen = {
  id: number;
  providerId: number;
  serviceTitle: string;
  deliveredAt: string;
  serviceAddress: { street: string } | null;
  location: string | null;
  status: string;
  taxCents: number;
  totalCents: number;
  lines: { kind: string; amount: number }[];
  refundedCents: number;
  refundStatus: string;
  history: { kind: string }[];
  documents: { receipt: { number: string | null } | null; creditNotes: { amountCents: number }[] };
};

/** The rows a raw query answers. */
const rowsOf = async (query: SQL) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;

beforeAll(async () => {
  ctx = await createDemoApp(NOW, 'demo-seed');
  dataDir = ctx.dataDir;
});
afterAll(() => ctx.close());

describe('the demo seed', () => {
  it("makes the customer's bookings as the product makes them: services, address, HST, refund, documents", async () => {
    const customer = await signIn('customer@example.com', '10.79.0.1');
    const upcoming = (await customer.get('/api/bookings?scope=upcoming')).body as Seen[];
    const past = (await customer.get('/api/bookings?scope=past')).body as Seen[];
    const all = [...upcoming, ...past];
    expect(all.map((b) => b.status).sort()).toEqual([
      'cancelled',
      'completed',
      'completed',
      'confirmed',
      'confirmed',
    ]);

    for (const booking of all) {
      const provider = (await createClient(ctx).get(`/api/providers/${booking.providerId}`)).body as {
        services: { name: string }[];
      };
      // The provider's own service, not a title of another business's.
      expect(provider.services.map((s) => s.name)).toContain(booking.serviceTitle);
      // Priced as a hold is: the fee's HST is a line of its own.
      expect(booking.taxCents).toBeGreaterThan(0);
      expect(booking.lines.find((l) => l.kind === 'hst_fee')?.amount).toBeGreaterThan(0);
      expect(booking.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(booking.totalCents);
      expect(booking.documents.receipt).not.toBeNull();
      if (booking.deliveredAt === 'customer') {
        expect(booking.serviceAddress?.street).toBe('120 Queen St W');
        expect(booking.location).toBe('120 Queen St W, Unit 4, Toronto, ON M5H 2N2');
      } else {
        expect(booking.serviceAddress).toBeNull();
      }
    }
    // The demo partner's listing cleans at the customer's: at least one booking there has the address.
    expect(all.filter((b) => b.deliveredAt === 'customer').length).toBeGreaterThan(0);

    const cancelled = all.find((b) => b.status === 'cancelled')!;
    expect(cancelled.refundedCents).toBe(cancelled.totalCents);
    expect(cancelled.refundStatus).toBe('succeeded');
    expect(cancelled.documents.creditNotes.map((n) => n.amountCents)).toEqual([cancelled.totalCents]);
    expect(cancelled.history.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['paid', 'cancelled', 'refunded']),
    );
    const completed = all.filter((b) => b.status === 'completed');
    for (const booking of completed) expect(booking.history.map((e) => e.kind)).toContain('completed');

    // Told of each step; they read the older ones before cancelling, so only the cancellation is new.
    const notices = (await customer.get('/api/notifications')).body as { title: string; isRead: boolean }[];
    expect(notices.filter((n) => n.title === 'Booking confirmed')).toHaveLength(5);
    expect(notices.filter((n) => !n.isRead).map((n) => n.title)).toEqual(['Booking cancelled']);
  });

  it('leaves nothing of its past waiting: every e-mail sent or skipped, no job overdue', async () => {
    const db = ctx.database.db;
    const waiting = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'pending'));
    expect(waiting).toEqual([]);
    const overdue = await db
      .select({ kind: jobs.kind, runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.state, 'pending'), lte(jobs.runAt, NOW)));
    expect(overdue).toEqual([]);
    const failed = await db.select({ kind: jobs.kind }).from(jobs).where(eq(jobs.state, 'failed'));
    expect(failed).toEqual([]);
    // The upcoming bookings' reminders wait for their time, for the server to send.
    const ahead = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.state, 'pending'), eq(jobs.kind, 'bookings.reminder')));
    expect(ahead.length).toBeGreaterThan(0);
    const refund = await db.select({ status: refunds.status }).from(refunds);
    expect(refund).toEqual([{ status: 'succeeded' }]);
  });

  it('names an account for every booking, shows them all to the admin, and logs the decided applications', async () => {
    const db = ctx.database.db;
    expect(await db.select({ id: bookings.id }).from(bookings).where(isNull(bookings.customerId))).toEqual(
      [],
    );
    const admin = await signIn('admin@example.com', '10.79.0.3');
    const users = (await admin.get('/api/admin/users')).body as { id: number }[];
    const customers = await db.selectDistinct({ id: bookings.customerId }).from(bookings);
    expect(customers.length).toBeGreaterThan(10);
    expect(users.map((u) => u.id)).toEqual(expect.arrayContaining(customers.map((c) => c.id)));

    const log = (await admin.get('/api/admin/audit-log')).body as {
      entries: { action: string; admin: { name: string }; targetType: string }[];
    };
    expect(log.entries.map((e) => e.action).sort()).toEqual(['application.approved', 'application.rejected']);
    expect(log.entries.every((e) => e.admin.name === 'Alex Admin' && e.targetType === 'application')).toBe(
      true,
    );

    // Every booking of the demo customer was paid by card through the sandbox; the reviewers' older
    // ones are priced with their HST lines too.
    const paid = await db
      .select({ booking: bookings.status, status: payments.status, processor: payments.processor })
      .from(bookings)
      .leftJoin(payments, eq(payments.bookingId, bookings.id))
      .where(eq(bookings.customerEmail, 'customer@example.com'));
    expect(paid.map((p) => `${p.booking} ${p.status} ${p.processor}`).sort()).toEqual([
      'cancelled refunded sandbox',
      'completed succeeded sandbox',
      'completed succeeded sandbox',
      'confirmed succeeded sandbox',
      'confirmed succeeded sandbox',
    ]);
    // Every booking, the reviewers' too, falls within its provider's hours.
    const offHours = await rowsOf(sql`
      select b.id from bookings b
      where not exists (
        select 1 from provider_schedules s
        where s.provider_id = b.provider_id
          and s.weekday = extract(dow from b.service_date at time zone 'America/Toronto')
          and extract(hour from b.service_date at time zone 'America/Toronto') * 60
            + extract(minute from b.service_date at time zone 'America/Toronto') >= s.opens_at_minute
          and extract(hour from b.service_date at time zone 'America/Toronto') * 60
            + extract(minute from b.service_date at time zone 'America/Toronto') + b.duration_minutes
            <= s.closes_at_minute)`);
    expect(offHours).toEqual([]);
    // And every service the demo lists fits into a day of its provider's hours: none is unbookable.
    const unbookable = await rowsOf(sql`
      select ps.provider_id, ps.name from provider_services ps
      where not exists (
        select 1 from provider_schedules s
        where s.provider_id = ps.provider_id
          and s.closes_at_minute - s.opens_at_minute >= coalesce(ps.duration_minutes, 60))`);
    expect(unbookable).toEqual([]);
    const unpriced = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.taxCents, 0), eq(bookings.status, 'completed')));
    expect(unpriced).toEqual([]);
  });

  it('the partner reads the at-home bookings at the customer address, with the HST on them', async () => {
    const partner = await signIn('partner@example.com', '10.79.0.2');
    const list = (await partner.get('/api/partner/bookings')).body as Seen[] | { bookings: Seen[] };
    const rows = (Array.isArray(list) ? list : list.bookings) as (Seen & { serviceDate: string })[];
    const recent = rows.filter((b) => Date.parse(b.serviceDate) > NOW.getTime() - 30 * 86_400_000);
    expect(recent.length).toBeGreaterThanOrEqual(2);
    for (const booking of rows) {
      expect(booking.deliveredAt).toBe('customer');
      expect(booking.taxCents).toBeGreaterThan(0);
      // The address until 30 days after the appointment, then only the city (docs/product.md §15).
      if (recent.includes(booking)) expect(booking.location).toMatch(/, ON [A-Z]\d[A-Z] \d[A-Z]\d$/);
      else expect(booking.location).toMatch(/^[A-Z][a-z]+$/);
    }
  });
});

describe('seeding the demo at any moment', () => {
  // The seed books real times through the booking rules (open days, hours, notice, the 14-day window):
  // it must succeed whatever day and hour the demo is first started.
  const moments = [
    '2026-03-08T07:30:00Z', // the night the clocks go forward, 2:30 in Toronto
    '2027-01-01T05:00:00Z', // New Year's Day at midnight
  ];
  for (const moment of moments) {
    it(`seeds a fresh database at ${moment}`, async () => {
      const database = await openTestDatabase();
      try {
        const result = await seedDemo(database.db, {
          now: new Date(moment),
          storage: createLocalStorage(path.join(dataDir, 'uploads')),
        });
        expect(result.created).toBe(true);
        const rows = await database.db
          .select({ status: bookings.status })
          .from(bookings)
          .where(eq(bookings.customerEmail, 'customer@example.com'));
        expect(rows.map((r) => r.status).sort()).toEqual([
          'cancelled',
          'completed',
          'completed',
          'confirmed',
          'confirmed',
        ]);
      } finally {
        await database.close();
      }
    });
  }
});
