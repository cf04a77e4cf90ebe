import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { emailOutbox } from '../../src/server/db/schema';
import { insertCategory } from '../../src/server/db/seed/factories';
import { allJobHandlers } from '../../src/server/jobs';
import { EMAIL_SWEEP_JOB } from '../../src/server/modules/email/email.jobs';
import { createJobRunner, type JobRunner } from '../../src/server/modules/jobs/jobs.runner';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { insertPartnerListing } from '../support/partners';
import { startSmtpServer } from '../support/smtp';

// docs/product.md §10: a reminder's e-mail held by an SMTP outage is checked again when it leaves.
// Before the outbox knew its booking, every one of these was sent hours late as written.

// Monday 23 November 2026, 7:00 AM in Toronto (EST, UTC-5).
const clock = fixedClock('2026-11-23T12:00:00Z');
const HOUR = 3_600_000;
let ctx: TestContext;
let runner: JobRunner;
let smtpPort: number;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
let providerId: number;
let people = 0;

const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

const customer = () =>
  signedInCustomer(ctx, {
    email: `outage${++people}@example.com`,
    fullName: `Olive Outage${people}`,
    ip: `10.74.0.${people}`,
  });

const book = async (client: Customer, serviceDate: string) =>
  (await bookAndPay(client, { providerId, serviceDate, customerName: 'Olive Outage' })).bookingId;

/** Moves the clock and runs what fell due, the e-mail sweep included, as a server process would. */
async function runAt(instant: string | number) {
  clock.set(new Date(instant));
  await runner.scheduleRecurring();
  await runner.runDue();
}

async function reminderRows(to: string) {
  return ctx.database.db
    .select({ status: emailOutbox.status, reason: emailOutbox.lastError, sendIf: emailOutbox.sendIf })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'booking_reminder')))
    .orderBy(emailOutbox.id);
}

const remindersReceivedBy = (to: string) =>
  (smtp?.received ?? []).filter((m) => m.to.includes(to) && /Subject: Reminder:/.test(m.raw));

async function smtpDown() {
  await smtp?.close();
  smtp = undefined;
}
async function smtpUp() {
  smtp = await startSmtpServer(smtpPort);
}

beforeAll(async () => {
  const probe = await startSmtpServer();
  smtpPort = probe.port;
  await probe.close();
  ctx = await createTestApp({
    clock,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    seed: async ({ db }) => {
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      ({ id: providerId } = await insertPartnerListing(db, {
        ownerEmail: 'outage.owner@example.com',
        ownerName: 'Sam Salon',
        name: 'Queen West Salon',
        categoryId: salon,
        streetAddress: '800 Queen St W',
        services: [{ name: 'Haircut', priceCents: 10000 }],
      }));
    },
  });
  runner = createJobRunner({
    db: ctx.app.deps.db,
    clock,
    log: { info() {}, warn() {}, error() {} },
    handlers: allJobHandlers(ctx.app.deps),
    recurring: [{ kind: EMAIL_SWEEP_JOB, everyMs: 60_000 }],
  });
});
afterAll(async () => {
  await smtpDown();
  await ctx.close();
});

describe('a reminder e-mail held by an SMTP outage', () => {
  it('is not sent once its booking was cancelled or e-mails were turned off; the rest go', async () => {
    await smtpDown();
    clock.set('2026-11-23T12:00:00Z');
    const kept = await customer();
    const cancelled = await customer();
    const muted = await customer();
    const ids = {
      kept: await book(kept, at(10, '2026-11-25')),
      cancelled: await book(cancelled, at(11, '2026-11-25')),
      muted: await book(muted, at(13, '2026-11-25')),
    };
    expect(Object.values(ids).every((id) => id > 0)).toBe(true);

    // 24 hours before the last one: all three reminders are written; SMTP is down, so none leaves.
    await runAt(Date.parse(at(13, '2026-11-25')) - 24 * HOUR);
    for (const [name, client] of Object.entries({ kept, cancelled, muted })) {
      const rows = await reminderRows(client.email);
      expect(rows, name).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'pending',
        sendIf: { reminder: { bookingId: ids[name as keyof typeof ids], lead: '24h' } },
      });
    }

    // During the outage (a day before: too late to move it): one cancels, one turns e-mails off.
    clock.advance(HOUR);
    expect((await cancelled.post(`/api/bookings/${ids.cancelled}/cancel`)).status).toBe(200);
    const off = await muted.put('/api/user/preferences', { email: false, sms: false, promotional: false });
    expect(off.status).toBe(200);

    // SMTP is back an hour later: the sweep delivers what waited, checking each reminder again.
    await smtpUp();
    await runAt(clock.now().getTime() + HOUR);
    expect(await reminderRows(kept.email)).toMatchObject([{ status: 'sent', reason: null }]);
    expect(await reminderRows(cancelled.email)).toMatchObject([
      { status: 'skipped', reason: 'the booking is not confirmed any more' },
    ]);
    expect(await reminderRows(muted.email)).toMatchObject([
      { status: 'skipped', reason: 'the customer turned e-mails off' },
    ]);
    expect(remindersReceivedBy(kept.email)).toHaveLength(1);
    for (const client of [cancelled, muted]) expect(remindersReceivedBy(client.email)).toEqual([]);
    // The other messages of the same outage (the cancellation's, the move's) did go.
    expect(smtp!.received.some((m) => m.to.includes(cancelled.email))).toBe(true);

    // A skipped reminder stays skipped: later sweeps neither send nor retry it.
    await runAt(clock.now().getTime() + HOUR);
    expect(await reminderRows(cancelled.email)).toMatchObject([{ status: 'skipped' }]);
    expect(remindersReceivedBy(cancelled.email)).toEqual([]);
  });

  it('is dropped once too late (past half its lead), and the next reminder still goes', async () => {
    await smtpDown();
    clock.set('2026-11-23T12:00:00Z');
    const client = await customer();
    const start = Date.parse(at(10, '2026-11-26'));
    await book(client, at(10, '2026-11-26'));
    await runAt(start - 24 * HOUR);
    expect(await reminderRows(client.email)).toMatchObject([{ status: 'pending' }]);

    // SMTP comes back 11 hours before: "tomorrow" would now be wrong, so it is not sent.
    await smtpUp();
    await runAt(start - 11 * HOUR);
    expect(await reminderRows(client.email)).toMatchObject([
      { status: 'skipped', reason: 'too late for this reminder' },
    ]);
    await runAt(start - 2 * HOUR);
    expect(await reminderRows(client.email)).toMatchObject([
      { status: 'skipped' },
      { status: 'sent', sendIf: { reminder: { lead: '2h' } } },
    ]);
    expect(remindersReceivedBy(client.email)).toHaveLength(1);
  });

  it('is not sent once its booking was moved (within the grace after paying, the 2-hour one)', async () => {
    await smtpDown();
    const start = Date.parse(at(14, '2026-11-26'));
    clock.set(new Date(start - 2 * HOUR - 5 * 60_000));
    const client = await customer();
    const id = await book(client, at(14, '2026-11-26'));
    await runAt(start - 2 * HOUR);
    expect(await reminderRows(client.email)).toMatchObject([{ status: 'pending' }]);
    clock.advance(5 * 60_000);
    const move = await client.post(`/api/bookings/${id}/reschedule`, { serviceDate: at(15, '2026-11-27') });
    expect(move.status).toBe(200);
    await smtpUp();
    await runAt(clock.now().getTime() + 5 * 60_000);
    expect(await reminderRows(client.email)).toMatchObject([
      { status: 'skipped', reason: 'the booking was moved' },
    ]);
    expect(remindersReceivedBy(client.email)).toEqual([]);
    // The move's own e-mail went.
    expect(smtp!.received.some((m) => m.to.includes(client.email))).toBe(true);
  });
});
