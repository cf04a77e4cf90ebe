import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import {
  bookingEvents,
  bookings,
  emailOutbox,
  jobs,
  payments,
  payouts,
  refunds,
} from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory } from '../../src/server/db/seed/factories';
import { allJobHandlers, recurringJobs } from '../../src/server/jobs';
import { storeUploads } from '../../src/server/modules/applications/applications.usecases';
import { createLocalStorage } from '../../src/server/modules/applications/storage';
import { sweepStrayFiles } from '../../src/server/modules/applications/stray-files';
import { completeDueBookings, RECONCILE_JOB } from '../../src/server/modules/bookings/bookings.jobs';
import { enqueueEmail } from '../../src/server/modules/email/email.outbox.repository';
import { EMAIL_SWEEP_JOB } from '../../src/server/modules/email/email.jobs';
import { enqueueJob } from '../../src/server/modules/jobs/jobs.repository';
import { createJobRunner, type JobHandlers } from '../../src/server/modules/jobs/jobs.runner';
import { PAYOUT_RUN_JOB } from '../../src/server/modules/earnings/earnings.payouts';
import { ERASED_EMAIL } from '../../src/server/modules/privacy/privacy.deletion.repository';
import { ProcessorError } from '../../src/server/modules/payments/payments.processor';
import { enqueueSms, SMS_JOB } from '../../src/server/modules/sms/sms.jobs';
import { bookAndPay, holdWithCard, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { runDueJobs } from '../support/jobs';
import { insertPartnerListing } from '../support/partners';
import { startSmtpServer } from '../support/smtp';
import { startFakeTwilio } from '../support/twilio-fake';

/**
 * An unlucky operator against everything that waits for time and the durable job queue
 * (docs/decisions/005-job-queue.md; docs/product.md §8, §10, §11, §16): clocks that jump, two
 * processes, handlers that are slow or fail half-way, admins retrying dead jobs, long outages.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
const START = '2026-11-23T12:00:00Z'; // Monday 7:00 AM in Toronto
const silent = { info() {}, warn() {}, error() {} };
/** `hour` o'clock Toronto time (EST, UTC-5) on `date`. */
const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

// One app with the sandbox processor (refunds, reconciliation, reminders), one with SMTP, one with Twilio.
const clock = fixedClock(START);
const smtpClock = fixedClock(START);
const smsClock = fixedClock(START);
let ctx: TestContext;
let smtpCtx: TestContext;
let smsCtx: TestContext;
let providerId: number;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let smtpPort: number;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
let people = 0;

const seedListing = (email: string) => async (database: TestContext['database']) => {
  const salon = await insertCategory(database.db, { name: 'Salon Services', slug: 'salon-services' });
  ({ id: providerId } = await insertPartnerListing(database.db, {
    ownerEmail: email,
    ownerName: 'Sam Salon',
    name: 'Queen West Salon',
    categoryId: salon,
    streetAddress: '800 Queen St W',
    services: [{ name: 'Haircut', priceCents: 10000 }],
  }));
};

const customer = (app: TestContext = ctx, role?: 'admin') =>
  signedInCustomer(app, {
    email: `late${++people}@example.com`,
    fullName: `Lee Late${people}`,
    ip: `10.91.${Math.floor(people / 200)}.${(people % 200) + 1}`,
    ...(role ? { role } : {}),
  });

const jobRow = async (app: TestContext, id: number) =>
  (await app.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const refundJobOf = async (refundId: number) =>
  (
    await ctx.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'payments.refund'), eq(jobs.key, `payments.refund:${refundId}`)))
  )[0]!;

let dataDir: string;

beforeAll(async () => {
  // Never the repository's ./data: the stray-file sweep lists and removes files in DATA_DIR/uploads.
  dataDir = await mkdtemp(path.join(tmpdir(), 'trillium-time-jobs-'));
  const dir = (name: string) => path.join(dataDir, name);
  ctx = await createTestApp({
    clock,
    env: { DATA_DIR: dir('main') },
    seed: seedListing('time.owner@example.com'),
  });
  const probe = await startSmtpServer();
  smtpPort = probe.port;
  await probe.close();
  smtpCtx = await createTestApp({
    clock: smtpClock,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, DATA_DIR: dir('smtp') },
    seed: seedListing('smtp.owner@example.com'),
  });
  twilio = await startFakeTwilio();
  smsCtx = await createTestApp({
    clock: smsClock,
    env: {
      TWILIO_ACCOUNT_SID: `AC${'2'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'attack-token',
      TWILIO_FROM: '+16475550000',
      TWILIO_API_BASE: twilio.url,
      DATA_DIR: dir('sms'),
    },
  });
});
afterAll(async () => {
  await smtp?.close();
  await twilio?.close();
  await ctx?.close();
  await smtpCtx?.close();
  await smsCtx?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('found by the review, fixed', () => {
  it("an admin's Retry of a dead refund job refunds the customer (it is not skipped as 'already failed')", async () => {
    clock.set(START);
    const client = await customer();
    const admin = await customer(ctx, 'admin');
    const hold = await bookAndPay(client, { providerId, serviceDate: at(10, '2026-12-02') });
    const payments$ = ctx.app.deps.payments;
    const realRefund = payments$.refund;
    payments$.refund = async () => {
      throw new ProcessorError('card processor unavailable');
    };
    try {
      const cancelled = await client.post(`/api/bookings/${hold.bookingId}/cancel`);
      expect(cancelled.status).toBe(200);
      const [refund] = await ctx.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.bookingId, hold.bookingId));
      expect(refund).toMatchObject({ status: 'pending' });
      // The processor stays away through every attempt (about four hours of backoff).
      for (let i = 0; i < 20; i++) {
        await runDueJobs(ctx);
        clock.advance(HOUR);
      }
      const dead = await refundJobOf(refund!.id);
      expect(dead).toMatchObject({ state: 'failed', attempts: 12 });
      const [givenUp] = await ctx.database.db.select().from(refunds).where(eq(refunds.id, refund!.id));
      expect(givenUp).toMatchObject({ status: 'failed' });
      // The admins' panel lists it, with Retry.
      const panel = await admin.get('/api/admin/jobs');
      expect(panel.body.failures.some((f: { id: number }) => f.id === dead.id)).toBe(true);
    } finally {
      payments$.refund = realRefund;
    }
    // The processor is back; the admin presses Retry.
    const [refund] = await ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.bookingId, hold.bookingId));
    const dead = await refundJobOf(refund!.id);
    const retried = await admin.post(`/api/admin/jobs/${dead.id}/retry`, {});
    expect(retried.status).toBe(200);
    await runDueJobs(ctx);
    const after = await jobRow(ctx, dead.id);
    // The Retry must make the refund, not answer "refund already failed".
    expect(after.lastError).not.toBe('refund already failed');
    expect(after.state).toBe('done');
    const [made] = await ctx.database.db.select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(made!.status).toBe('succeeded');
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, hold.bookingId));
    expect(payment!.refundedCents).toBe(payment!.amountCents);
  });

  it('after an SMTP outage the e-mail sweep delivers every waiting message, not ten a minute', async () => {
    smtpClock.set(START);
    const runner = createJobRunner({
      db: smtpCtx.app.deps.db,
      clock: smtpClock,
      log: silent,
      handlers: allJobHandlers(smtpCtx.app.deps),
      recurring: [{ kind: EMAIL_SWEEP_JOB, everyMs: MINUTE }],
    });
    // SMTP is down: 25 messages (password resets, receipts...) are written and fail their first try.
    const ids: number[] = [];
    await smtpCtx.app.deps.db.transaction(async (tx) => {
      for (let i = 0; i < 25; i++) {
        const { id } = await enqueueEmail(
          tx,
          {
            to: `waiting${i}@example.com`,
            subject: `Message ${i}`,
            text: 'Hello',
            html: '<p>Hello</p>',
            kind: 'test',
          },
          { now: smtpClock.now() },
        );
        ids.push(id);
      }
    });
    await runner.runDue();
    const waiting = await smtpCtx.database.db
      .select({ status: emailOutbox.status, attempts: emailOutbox.attempts })
      .from(emailOutbox)
      .where(sql`${emailOutbox.id} in ${ids}`);
    expect(waiting).toHaveLength(25);
    expect(waiting.every((w) => w.status === 'pending' && w.attempts === 1)).toBe(true);

    // SMTP is back; a minute later the sweep runs (docs/decisions/005: it "delivers what waits for a retry").
    smtp = await startSmtpServer(smtpPort);
    smtpClock.advance(MINUTE);
    await runner.scheduleRecurring();
    await runner.runDue();
    const sweep = await smtpCtx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${EMAIL_SWEEP_JOB}@${new Date(Date.parse(START) + MINUTE).toISOString()}`));
    expect(sweep).toMatchObject([{ state: 'done' }]);
    const sent = await smtpCtx.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(sql`${emailOutbox.id} in ${ids}`, eq(emailOutbox.status, 'sent')));
    expect(smtp.received.filter((m) => m.to[0]?.startsWith('waiting'))).toHaveLength(sent.length);
    expect(sent).toHaveLength(25);
  });

  it('a job claimed in a batch behind a slow one is not run a second time by another process', async () => {
    smsClock.set(START);
    const texted = '+14165550177';
    const runnerB = createJobRunner({
      db: smsCtx.app.deps.db,
      clock: smsClock,
      log: silent,
      handlers: allJobHandlers(smsCtx.app.deps),
    });
    let slowRuns = 0;
    // Process A: its batch starts with something slow (an SMTP server timing out, a big sweep). While
    // it works, six minutes pass and process B polls, as it does every second.
    const handlersA: JobHandlers = {
      ...allJobHandlers(smsCtx.app.deps),
      'test.slow-first': async () => {
        slowRuns++;
        smsClock.advance(6 * MINUTE);
        await runnerB.runDue();
        return undefined;
      },
    };
    const runnerA = createJobRunner({
      db: smsCtx.app.deps.db,
      clock: smsClock,
      log: silent,
      handlers: handlersA,
    });
    const slow = await enqueueJob(smsCtx.app.deps.db, {
      kind: 'test.slow-first',
      runAt: new Date(Date.parse(START) - 1000),
    });
    await enqueueSms(smsCtx.app.deps.db, {
      key: 'attack:one-text',
      to: texted,
      body: 'Your appointment is tomorrow.',
      locale: 'en',
      now: smsClock.now(),
    });
    expect(await runnerA.runDue()).toBe(2);
    expect(slowRuns).toBe(1);
    expect((await jobRow(smsCtx, slow!.id)).state).toBe('done');
    const [text] = await smsCtx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${SMS_JOB}:attack:one-text`));
    expect(text!.state).toBe('done');
    // One text for one job: process A must not send it again after B took it over.
    expect(twilio.received.filter((m) => m.form.To === texted)).toHaveLength(1);
  });

  it("a payment the processor cannot answer for does not bury the admins' dead jobs under one dead sweep a minute", async () => {
    clock.set('2026-12-14T15:00:00Z');
    const admin = await customer(ctx, 'admin');
    // A dead refund job an admin must see.
    const [deadRefund] = await ctx.database.db
      .insert(jobs)
      .values({
        kind: 'payments.refund',
        key: 'attack-dead-refund',
        payload: { refundId: 0 },
        state: 'failed',
        runAt: clock.now(),
        attempts: 12,
        lastError: 'card_processor_unavailable',
        finishedAt: clock.now(),
      })
      .returning({ id: jobs.id });
    // One hold whose payment the processor cannot look up (Stripe answers 500 for it).
    const client = await customer();
    const { hold } = await holdWithCard(client, { providerId, serviceDate: at(10, '2026-12-16') });
    const payments$ = ctx.app.deps.payments;
    const realRetrieve = payments$.retrieveIntent;
    payments$.retrieveIntent = async (id) => {
      if (id === hold.paymentIntentId) throw new ProcessorError('processor error for this payment');
      return realRetrieve.call(payments$, id);
    };
    const runner = createJobRunner({
      db: ctx.app.deps.db,
      clock,
      log: silent,
      handlers: allJobHandlers(ctx.app.deps),
      recurring: recurringJobs(MINUTE).filter((r) => r.kind === RECONCILE_JOB),
    });
    try {
      // An hour of minutes, the runner polling as it does.
      for (let minute = 0; minute < 60; minute++) {
        for (const second of [0, 20, 50]) {
          clock.set(new Date(Date.parse('2026-12-14T15:01:00Z') + minute * MINUTE + second * 1000));
          await runner.scheduleRecurring();
          await runner.runDue();
        }
      }
    } finally {
      payments$.retrieveIntent = realRetrieve;
    }
    const [deadSweeps] = await ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.kind, RECONCILE_JOB), eq(jobs.state, 'failed')));
    const panel = await admin.get('/api/admin/jobs');
    expect(panel.status).toBe(200);
    // The dead refund is still on the panel...
    expect(panel.body.failures.some((f: { id: number }) => f.id === deadRefund!.id)).toBe(true);
    // ...and a sweep superseded by the next minute's is not a failure to deal with: at most the last.
    expect(Number(deadSweeps!.count)).toBeLessThanOrEqual(1);
  });

  it('the stray-file sweep does not remove a file of an upload still in flight when the clock jumped (laptop asleep)', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'trillium-stray-'));
    try {
      const storage = createLocalStorage(folder);
      const sweepClock = fixedClock('2026-12-01T12:00:00Z');
      const deps = { db: ctx.app.deps.db, clock: sweepClock, storage };
      // A two-file upload: the first file is written, the second is still arriving.
      let release!: () => void;
      const secondArrives = new Promise<void>((resolve) => {
        release = resolve;
      });
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      let firstWritten!: () => void;
      const firstDone = new Promise<void>((resolve) => {
        firstWritten = resolve;
      });
      async function* files() {
        yield { originalName: 'licence.pdf', read: async () => pdf };
        firstWritten();
        yield {
          originalName: 'insurance.pdf',
          read: async () => {
            await secondArrives;
            return pdf;
          },
        };
      }
      const upload = storeUploads(deps, { kind: 'document', files: files(), user: null });
      await firstDone;
      const [first] = await storage.list();
      expect(first).toMatch(/\.pdf$/);
      // The six-hourly sweep sees the first file before its row exists.
      expect(await sweepStrayFiles(deps, sweepClock.now())).toEqual({ strays: 1, removed: 0 });
      // The laptop sleeps for two days; on waking, the next sweep runs before the upload finishes.
      sweepClock.advance(2 * 24 * HOUR);
      const woke = await sweepStrayFiles(deps, sweepClock.now());
      release();
      const names = await upload;
      expect(names).toHaveLength(2);
      expect(names).toContain(first);
      // The upload's rows name both files: both must still be there.
      expect(woke.removed).toBe(0);
      expect(await storage.exists(first!)).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('checked: held before, kept', () => {
  it('two processes claiming at once send each of 60 texts exactly once', async () => {
    smsClock.set('2026-12-02T12:00:00Z');
    await smsCtx.app.deps.db.transaction(async (tx) => {
      for (let i = 0; i < 60; i++)
        await enqueueSms(tx, {
          key: `attack:pair:${i}`,
          to: `+1416555${String(1000 + i)}`,
          body: `Text ${i}`,
          locale: 'en',
          now: smsClock.now(),
        });
    });
    const make = () =>
      createJobRunner({
        db: smsCtx.app.deps.db,
        clock: smsClock,
        log: silent,
        handlers: allJobHandlers(smsCtx.app.deps),
        batchSize: 7,
      });
    const [a, b] = [make(), make()];
    const counts = await Promise.all([a.runDue(), b.runDue()]);
    expect(counts[0]! + counts[1]!).toBe(60);
    for (let i = 0; i < 60; i++)
      expect(twilio.received.filter((m) => m.form.To === `+1416555${String(1000 + i)}`)).toHaveLength(1);
  });

  it('a text Twilio refuses is retried and sent once; one bad job among many does not stop the rest', async () => {
    smsClock.set('2026-12-03T12:00:00Z');
    twilio.failNext(1);
    await enqueueSms(smsCtx.app.deps.db, {
      key: 'attack:retry',
      to: '+14165552222',
      body: 'Retry me',
      locale: 'en',
      now: smsClock.now(),
    });
    // A broken job (no handler can make sense of it) and a reminder about a booking that never existed.
    await enqueueJob(smsCtx.app.deps.db, {
      kind: 'bookings.reminder',
      payload: { bookingId: 999_999, lead: '24h', startsAt: START },
      runAt: smsClock.now(),
    });
    await enqueueJob(smsCtx.app.deps.db, { kind: 'payouts.send', payload: {}, runAt: smsClock.now() });
    for (let i = 0; i < 30; i++)
      await enqueueSms(smsCtx.app.deps.db, {
        key: `attack:crowd:${i}`,
        to: `+1647555${String(2000 + i)}`,
        body: 'Crowd',
        locale: 'en',
        now: smsClock.now(),
      });
    await runDueJobs(smsCtx);
    expect(twilio.received.filter((m) => m.form.To === '+14165552222')).toHaveLength(0);
    expect(twilio.received.filter((m) => m.form.To?.startsWith('+1647555'))).toHaveLength(30);
    smsClock.advance(15_000);
    await runDueJobs(smsCtx);
    await runDueJobs(smsCtx);
    expect(twilio.received.filter((m) => m.form.To === '+14165552222')).toHaveLength(1);
    const [reminder] = await smsCtx.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'bookings.reminder'), sql`${jobs.payload}->>'bookingId' = '999999'`));
    expect(reminder).toMatchObject({ state: 'skipped', lastError: 'the booking is not confirmed any more' });
  });

  it('a recurring sweep scheduled by two processes, twice each, is one row and runs once', async () => {
    clock.set('2026-12-04T12:00:30Z');
    const make = () =>
      createJobRunner({
        db: ctx.app.deps.db,
        clock,
        log: silent,
        handlers: allJobHandlers(ctx.app.deps),
        recurring: recurringJobs(MINUTE),
      });
    const [a, b] = [make(), make()];
    await Promise.all([a.scheduleRecurring(), b.scheduleRecurring(), a.scheduleRecurring()]);
    const rows = await ctx.database.db
      .select({ kind: jobs.kind, key: jobs.key })
      .from(jobs)
      .where(sql`${jobs.key} like ${'%@2026-12-04T12:00:00.000Z'}`);
    const kinds = rows.map((r) => r.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).toEqual(
      expect.arrayContaining(['bookings.expire-holds', 'bookings.reconcile-payments', 'email.sweep']),
    );
    await Promise.all([a.runDue(), b.runDue()]);
    const done = await ctx.database.db
      .select({ state: jobs.state, attempts: jobs.attempts })
      .from(jobs)
      .where(sql`${jobs.key} like ${'%@2026-12-04T12:00:00.000Z'}`);
    expect(done.every((d) => d.state === 'done' && d.attempts === 1)).toBe(true);
  });

  it('a laptop asleep for days: stale reminders are dropped, the booking completes once, one review prompt', async () => {
    clock.set('2026-12-05T12:00:00Z');
    const client = await customer();
    const hold = await bookAndPay(client, { providerId, serviceDate: at(10, '2026-12-07') });
    // Asleep until two days after the booking; then the clock jumps back an hour (NTP) and on again.
    clock.set('2026-12-09T15:00:00Z');
    const runner = createJobRunner({
      db: ctx.app.deps.db,
      clock,
      log: silent,
      handlers: allJobHandlers(ctx.app.deps),
      recurring: recurringJobs(MINUTE),
    });
    await runner.scheduleRecurring();
    await runner.runDue();
    await runner.runDue();
    clock.advance(-HOUR);
    await runner.scheduleRecurring();
    await runner.runDue();
    clock.advance(2 * HOUR);
    await runner.scheduleRecurring();
    await runner.runDue();
    const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, hold.bookingId));
    expect(booking!.status).toBe('completed');
    const reminders = await ctx.database.db
      .select({ state: jobs.state, lastError: jobs.lastError })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'bookings.reminder'),
          sql`${jobs.payload}->>'bookingId' = ${String(hold.bookingId)}`,
        ),
      );
    expect(reminders).toHaveLength(2);
    expect(reminders.every((r) => r.state === 'skipped')).toBe(true);
    const mails = await ctx.database.db
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, client.email));
    expect(mails.filter((m) => m.kind === 'booking_reminder')).toHaveLength(0);
    expect(mails.filter((m) => m.kind === 'booking_review_prompt')).toHaveLength(1);
    const events = await ctx.database.db
      .select({ kind: bookingEvents.kind })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, hold.bookingId));
    expect(events.filter((e) => e.kind === 'completed')).toHaveLength(1);
  });

  it('a refund whose processor fails once is made once, and reminders of a deleted account are dropped', async () => {
    clock.set('2026-12-10T12:00:00Z');
    const client = await customer();
    const hold = await bookAndPay(client, { providerId, serviceDate: at(14, '2026-12-17') });
    const payments$ = ctx.app.deps.payments;
    const realRefund = payments$.refund;
    let calls = 0;
    payments$.refund = async (input) => {
      calls++;
      await realRefund.call(payments$, input);
      // The refund went through, but the answer was lost: the job fails after the processor's work.
      if (calls === 1) throw new ProcessorError('connection reset after the refund');
    };
    try {
      // Deleting the account cancels the booking (refund) and drops its reminders.
      const gone = await client.request({
        method: 'DELETE',
        url: '/api/user',
        body: { currentPassword: DEMO_PASSWORD },
      });
      expect(gone.status).toBe(200);
      const [erased] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, hold.bookingId));
      expect(erased).toMatchObject({ status: 'cancelled', customerEmail: ERASED_EMAIL });
      await runDueJobs(ctx);
      clock.advance(20_000);
      await runDueJobs(ctx);
      clock.advance(60_000);
      await runDueJobs(ctx);
    } finally {
      payments$.refund = realRefund;
    }
    expect(calls).toBe(2);
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.bookingId, hold.bookingId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('succeeded');
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, hold.bookingId));
    expect(payment!.refundedCents).toBe(payment!.amountCents);
    // The reminders come due: the booking is cancelled, so they are skipped.
    clock.set(new Date(Date.parse(at(14, '2026-12-17')) - 24 * HOUR));
    await runDueJobs(ctx);
    clock.set(new Date(Date.parse(at(14, '2026-12-17')) - 2 * HOUR));
    await runDueJobs(ctx);
    const reminders = await ctx.database.db
      .select({ state: jobs.state })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'bookings.reminder'),
          sql`${jobs.payload}->>'bookingId' = ${String(hold.bookingId)}`,
        ),
      );
    expect(reminders.map((r) => r.state)).toEqual(['skipped', 'skipped']);
  });

  it('a server down over Monday pays the missed week once at restart, with two processes and a clock that goes back', async () => {
    clock.set('2026-12-08T14:00:00Z');
    const client = await customer();
    const hold = await bookAndPay(client, { providerId, serviceDate: at(11, '2026-12-09') });
    clock.set('2026-12-09T20:00:00Z');
    expect(await completeDueBookings(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    const [done] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, hold.bookingId));
    expect(done!.status).toBe('completed');
    // The server was down from Sunday to Wednesday: Monday 9:00's run is due at the restart.
    clock.set('2026-12-16T15:00:00Z');
    const make = () =>
      createJobRunner({
        db: ctx.app.deps.db,
        clock,
        log: silent,
        handlers: allJobHandlers(ctx.app.deps),
        recurring: recurringJobs(MINUTE).filter((r) => r.kind === PAYOUT_RUN_JOB),
      });
    const [a, b] = [make(), make()];
    await Promise.all([a.scheduleRecurring(), b.scheduleRecurring()]);
    await Promise.all([a.runDue(), b.runDue()]);
    const runs = await ctx.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${PAYOUT_RUN_JOB} and ${jobs.runAt} >= ${new Date('2026-12-10T00:00:00Z')}`);
    expect(runs).toMatchObject([
      { key: `${PAYOUT_RUN_JOB}@2026-12-14T14:00:00.000Z`, state: 'done', attempts: 1 },
    ]);
    const paid = await ctx.database.db.select().from(payouts).where(eq(payouts.providerId, providerId));
    expect(paid).toHaveLength(1);
    expect(paid[0]!.state).toBe('paid');
    expect(paid[0]!.amountCents).toBeGreaterThanOrEqual(10000);
    // The clock is corrected back past Monday 9:00, then forward again: nothing is paid twice.
    clock.set('2026-12-14T13:55:00Z');
    await a.scheduleRecurring();
    await a.runDue();
    clock.set('2026-12-16T16:00:00Z');
    await b.scheduleRecurring();
    await b.runDue();
    expect(
      await ctx.database.db.select().from(payouts).where(eq(payouts.providerId, providerId)),
    ).toHaveLength(1);
  });

  it('the stray-file sweep removes a nameless file after a day and keeps one named meanwhile', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'trillium-stray-'));
    try {
      const storage = createLocalStorage(folder);
      const sweepClock = fixedClock('2026-12-11T12:00:00Z');
      const deps = { db: ctx.app.deps.db, clock: sweepClock, storage };
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      );
      await storage.put('0123456789abcdef0123456789abcdef-abandoned.png', png);
      expect(await sweepStrayFiles(deps, sweepClock.now())).toEqual({ strays: 1, removed: 0 });
      sweepClock.advance(6 * HOUR);
      // A real upload meanwhile: named by its row, never a stray.
      const [named] = await storeUploads(deps, {
        kind: 'profile_image',
        files: (async function* () {
          yield { originalName: 'me.png', read: async () => png };
        })(),
        user: null,
      });
      expect(await sweepStrayFiles(deps, sweepClock.now())).toEqual({ strays: 1, removed: 0 });
      sweepClock.advance(18 * HOUR);
      expect(await sweepStrayFiles(deps, sweepClock.now())).toEqual({ strays: 1, removed: 1 });
      expect(await storage.list()).toEqual([named]);
      // The clock going back a day removes nothing more.
      sweepClock.advance(-24 * HOUR);
      expect(await sweepStrayFiles(deps, sweepClock.now())).toEqual({ strays: 0, removed: 0 });
      expect(await storage.exists(named!)).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
