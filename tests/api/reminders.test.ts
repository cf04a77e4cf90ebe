import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { emailOutbox, jobs } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertUser } from '../../src/server/db/seed/factories';
import { allJobHandlers } from '../../src/server/jobs';
import { completeDueBookings } from '../../src/server/modules/bookings/bookings.jobs';
import { createJobRunner } from '../../src/server/modules/jobs/jobs.runner';
import { createTestApp, type TestContext } from '../support/app';
import { insertPartnerListing } from '../support/partners';
import { createClient } from '../support/http';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';
import { runDueJobs } from '../support/jobs';

// Issue "Reminders, calendar files and one durable job queue": reminders 24 h and 2 h before, once.

// Monday 23 November 2026, 7:00 AM in Toronto (EST, UTC-5).
const MONDAY_7AM = '2026-11-23T12:00:00Z';
const clock = fixedClock(MONDAY_7AM);
const HOUR = 3_600_000;
let ctx: TestContext;
let providerId: number;
let people = 0;

const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

const customer = () =>
  signedInCustomer(ctx, {
    email: `remind${++people}@example.com`,
    fullName: `Rémi Reminded${people}`,
    ip: `10.71.0.${people}`,
  });

const book = async (client: Customer, serviceDate: string) =>
  (await bookAndPay(client, { providerId, serviceDate, customerName: 'Rémi Reminded' })).bookingId;

async function reminders(to: string) {
  return ctx.database.db
    .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'booking_reminder')));
}

/** Moves the clock and runs what fell due, as a server would. */
async function runAt(instant: string | number) {
  clock.set(new Date(instant));
  await runDueJobs(ctx);
}

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    seed: async ({ db }) => {
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      ({ id: providerId } = await insertPartnerListing(db, {
        ownerEmail: 'owner@example.com',
        ownerName: 'Sam Salon',
        name: 'Queen West Salon',
        categoryId: salon,
        streetAddress: '800 Queen St W',
        services: [{ name: 'Haircut', priceCents: 10000 }],
      }));
    },
  });
});
afterAll(() => ctx.close());

describe('reminders', () => {
  it('go out 24 hours and 2 hours before, once each, with the time in ET and the refund that applies', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    await book(client, at(10, '2026-11-25'));
    await runAt(Date.parse(at(10, '2026-11-25')) - 24 * HOUR - 60_000);
    expect(await reminders(client.email)).toHaveLength(0);
    await runAt(Date.parse(at(10, '2026-11-25')) - 24 * HOUR);
    await runDueJobs(ctx);
    const first = await reminders(client.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toMatch(/^Reminder: Haircut tomorrow, .*November 25.*10:00.* ET$/);
    expect(first[0]!.text).toContain('800 Queen St W');
    expect(first[0]!.text).toMatch(/You'll get \$\d+\.\d{2} back \(100%\)/);
    await runAt(Date.parse(at(10, '2026-11-25')) - 2 * HOUR);
    const both = await reminders(client.email);
    expect(both).toHaveLength(2);
    expect(both[1]!.subject).toContain('in 2 hours');
    // Fifty percent now: the e-mail says so.
    expect(both[1]!.text).toContain('(50%)');
  });

  it('speak the account language, the refund that applies included', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    expect((await client.put('/api/user/language', { language: 'fr' })).status).toBe(200);
    await book(client, at(14, '2026-11-25'));
    await runAt(Date.parse(at(14, '2026-11-25')) - 2 * HOUR);
    const [reminder] = await reminders(client.email);
    expect(reminder!.text).toMatch(
      /Vous récupérerez \d+,\d{2}\s\$ \(50\s%\), car il reste moins de 24 heures avant le début\./,
    );
    expect(reminder!.text).not.toContain("You'll get");
  });

  it('none after a cancellation', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const id = await book(client, at(11, '2026-11-26'));
    clock.advance(HOUR);
    expect((await client.post(`/api/bookings/${id}/cancel`)).status).toBe(200);
    await runAt(Date.parse(at(11, '2026-11-26')) - 24 * HOUR);
    await runAt(Date.parse(at(11, '2026-11-26')) - 2 * HOUR);
    expect(await reminders(client.email)).toEqual([]);
  });

  it('after a reschedule only for the new time', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const id = await book(client, at(9, '2026-11-26'));
    const moved = await client.post(`/api/bookings/${id}/reschedule`, { serviceDate: at(15, '2026-11-27') });
    expect(moved.status).toBe(200);
    await runAt(Date.parse(at(9, '2026-11-26')) - 24 * HOUR);
    await runAt(Date.parse(at(9, '2026-11-26')) - 2 * HOUR);
    expect(await reminders(client.email)).toEqual([]);
    await runAt(Date.parse(at(15, '2026-11-27')) - 24 * HOUR);
    await runAt(Date.parse(at(15, '2026-11-27')) - 2 * HOUR);
    const sent = await reminders(client.email);
    expect(sent).toHaveLength(2);
    expect(sent.every((m) => m.subject.includes('Friday, November 27'))).toBe(true);
  });

  it('a booking made 3 hours ahead gets only the 2-hour reminder', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const id = await book(client, at(10, '2026-11-23'));
    const queued = await ctx.database.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(eq(jobs.kind, 'bookings.reminder'));
    expect(queued.filter((j) => j.key?.includes(`:${id}:`)).map((j) => j.key?.split(':')[2])).toEqual(['2h']);
    await runAt(at(8, '2026-11-23'));
    expect(await reminders(client.email)).toHaveLength(1);
  });

  it('none when Email Notifications are off', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const off = await client.put('/api/user/preferences', { email: false, sms: false, promotional: false });
    expect(off.status).toBe(200);
    await book(client, at(13, '2026-11-25'));
    await runAt(Date.parse(at(13, '2026-11-25')) - 24 * HOUR);
    await runAt(Date.parse(at(13, '2026-11-25')) - 2 * HOUR);
    expect(await reminders(client.email)).toEqual([]);
  });

  it('a reminder that fell due while the server was away is dropped, not sent late', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    await book(client, at(16, '2026-11-25'));
    // The server comes back 1 hour before the start: the 24-hour one is stale; the 2-hour one is too.
    await runAt(Date.parse(at(16, '2026-11-25')) - HOUR);
    expect(await reminders(client.email)).toEqual([]);
  });

  it('two job runners at once send each reminder once', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    await book(client, at(17, '2026-11-27'));
    clock.set(new Date(Date.parse(at(17, '2026-11-27')) - 24 * HOUR));
    const runners = [1, 2].map(() =>
      createJobRunner({
        db: ctx.app.deps.db,
        clock: ctx.app.deps.clock,
        log: ctx.app.log,
        handlers: allJobHandlers(ctx.app.deps),
      }),
    );
    await Promise.all(runners.map((r) => r.runDue()));
    expect(await reminders(client.email)).toHaveLength(1);
  });
});

describe('after the booking', () => {
  it('one "How was it?" e-mail once it completes, its button straight to reviewing that booking', async () => {
    clock.set(MONDAY_7AM);
    const client = await customer();
    const bookingId = await book(client, at(12, '2026-11-28'));
    clock.set(new Date(Date.parse(at(12, '2026-11-28')) + 4 * HOUR));
    await completeDueBookings(ctx.app.deps);
    await runDueJobs(ctx);
    await runDueJobs(ctx);
    const prompts = await ctx.database.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, client.email), eq(emailOutbox.kind, 'booking_review_prompt')));
    expect(prompts.map((p) => p.subject)).toEqual(['How was Haircut with Queen West Salon?']);
    const link = `${ctx.app.deps.env.PUBLIC_URL.replace(/\/+$/, '')}/bookings?review=${bookingId}`;
    expect(prompts[0]!.text).toContain(`Leave a review: ${link}`);
    expect(prompts[0]!.html).toContain(`href="${link}"`);
    // The booking it links to is this customer's and can be reviewed now.
    const booking = await client.get(`/api/bookings/${bookingId}`);
    expect(booking.status).toBe(200);
    expect(booking.body.allowedActions).toContain('review');
  });
});

describe('the queue, for admins', () => {
  it('counts jobs by kind and state, lists the dead ones with their last error, and retries one once', async () => {
    const [dead] = await ctx.database.db
      .insert(jobs)
      .values({
        kind: 'payments.refund',
        key: 'dead-for-the-panel',
        payload: { refundId: 0 },
        state: 'failed',
        runAt: new Date(MONDAY_7AM),
        attempts: 8,
        lastError: 'card_processor_unavailable: Stripe is down',
        finishedAt: new Date(MONDAY_7AM),
      })
      .returning({ id: jobs.id });
    await insertUser(ctx.database.db, {
      email: 'queue.admin@example.com',
      fullName: 'Quinn Queue',
      password: DEMO_PASSWORD,
      role: 'admin',
    });
    const admin = createClient(ctx, { ip: '10.72.0.1' });
    await admin.login('queue.admin@example.com', DEMO_PASSWORD);
    const panel = await admin.get('/api/admin/jobs');
    expect(panel.status).toBe(200);
    expect(panel.body.counts).toContainEqual({ kind: 'payments.refund', state: 'failed', count: 1 });
    expect(panel.body.counts.some((c: { kind: string }) => c.kind === 'bookings.reminder')).toBe(true);
    expect(panel.body.failures[0]).toMatchObject({
      id: dead!.id,
      kind: 'payments.refund',
      attempts: 8,
      lastError: 'card_processor_unavailable: Stripe is down',
    });
    const retried = await admin.post(`/api/admin/jobs/${dead!.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.failures.some((f: { id: number }) => f.id === dead!.id)).toBe(false);
    const again = await admin.post(`/api/admin/jobs/${dead!.id}/retry`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('admin.job_not_found');
    const customerTries = await (await customer()).get('/api/admin/jobs');
    expect(customerTries.status).toBe(403);
  });
});
