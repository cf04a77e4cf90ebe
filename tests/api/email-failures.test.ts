import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { emailOutbox } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertUser } from '../../src/server/db/seed/factories';
import { EMAIL_SWEEP_JOB, emailJobHandlers } from '../../src/server/modules/email/email.jobs';
import { enqueueEmail } from '../../src/server/modules/email/email.outbox.repository';
import { MAX_ATTEMPTS } from '../../src/server/modules/email/email.worker';
import { createJobRunner, type JobRunner } from '../../src/server/modules/jobs/jobs.runner';
import { drawEmailAttachment } from '../../src/server/modules/receipts/receipts.usecases';
import { createTestApp, type TestContext } from '../support/app';
import { createClient } from '../support/http';
import { startSmtpServer } from '../support/smtp';

// Issue "Reminders, calendar files and one durable job queue": an e-mail that failed every attempt is
// on the admins' queue (GET /api/admin/jobs) with its kind and a redacted recipient, and Retry sends it.

const clock = fixedClock('2026-11-23T12:00:00Z');
const RECIPIENT = 'jane.doe@example.com';
const SECRET_LINK = 'https://trillium.example/auth?tab=reset&token=never-shown-to-admins';
let ctx: TestContext;
let smtpPort: number;
let runner: JobRunner;

type Failure = { id: number; kind: string; key: string | null; attempts: number; lastError: string | null };

beforeAll(async () => {
  // An SMTP server that is down: its port is known and refuses connections.
  const stopped = await startSmtpServer();
  smtpPort = stopped.port;
  await stopped.close();
  ctx = await createTestApp({
    clock,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    seed: async ({ db }) => {
      await insertUser(db, {
        email: 'mail.admin@example.com',
        fullName: 'Mona Mail',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
    },
  });
  // A server process's queue: the message's own email.deliver job, and the sweep every minute.
  runner = createJobRunner({
    db: ctx.app.deps.db,
    clock,
    log: { info() {}, warn() {}, error() {} },
    handlers: emailJobHandlers({
      db: ctx.app.deps.db,
      env: ctx.app.deps.env,
      clock,
      log: ctx.app.log,
      drawAttachment: (ref) => drawEmailAttachment(ctx.app.deps.db, ref, ctx.app.log),
    }),
    recurring: [{ kind: EMAIL_SWEEP_JOB, everyMs: 60_000 }],
  });
});
afterAll(() => ctx.close());

/** Runs what is due now, as the server's runner does every second. */
async function runQueue() {
  await runner.scheduleRecurring();
  await runner.runDue();
}

async function outboxRow(id: number) {
  const [row] = await ctx.database.db
    .select({ status: emailOutbox.status, attempts: emailOutbox.attempts })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id));
  return row;
}

describe('an e-mail that failed every attempt, for admins', () => {
  it('is a dead email.deliver job with its kind and a redacted recipient, and Retry delivers it once', async () => {
    const { id } = await enqueueEmail(
      ctx.app.deps.db,
      {
        to: RECIPIENT,
        kind: 'password_reset',
        subject: 'Reset your Trillium password',
        text: `Reset it here: ${SECRET_LINK}`,
        html: `<a href="${SECRET_LINK}">Reset it here</a>`,
      },
      { now: clock.now() },
    );
    const admin = createClient(ctx, { ip: '10.73.0.1' });
    await admin.login('mail.admin@example.com', DEMO_PASSWORD);
    const deadEmails = (body: { failures: Failure[] }) =>
      body.failures.filter((f) => f.kind === 'email.deliver');

    // While it is still being retried, it is no failure yet.
    await runQueue();
    expect(await outboxRow(id)).toEqual({ status: 'pending', attempts: 1 });
    const retrying = await admin.get('/api/admin/jobs');
    expect(retrying.status).toBe(200);
    expect(deadEmails(retrying.body)).toEqual([]);

    // The outbox's backoff runs out (at most an hour between tries).
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      clock.advance(60 * 60_000 + 1000);
      await runQueue();
    }
    expect(await outboxRow(id)).toEqual({ status: 'failed', attempts: MAX_ATTEMPTS });
    await admin.login('mail.admin@example.com', DEMO_PASSWORD); // hours later: a new session

    const panel = await admin.get('/api/admin/jobs');
    expect(panel.status).toBe(200);
    expect(panel.body.counts).toContainEqual({ kind: 'email.deliver', state: 'failed', count: 1 });
    const [dead] = deadEmails(panel.body);
    expect(dead).toMatchObject({
      key: `email.deliver:${id}:failed`,
      attempts: MAX_ATTEMPTS,
      lastError: expect.stringMatching(
        /^password_reset e-mail to j\*\*\*@example\.com: E\w+: connect ECONNREFUSED/,
      ),
    });
    // Never the address, the subject, the body or its links.
    const everything = JSON.stringify(panel.body);
    for (const secret of [RECIPIENT, 'jane.doe', 'Reset your Trillium password', 'never-shown-to-admins']) {
      expect(everything).not.toContain(secret);
    }

    // The SMTP server is back: Retry queues the message again, and it goes out once.
    const smtp = await startSmtpServer(smtpPort);
    try {
      const retried = await admin.post(`/api/admin/jobs/${dead!.id}/retry`);
      expect(retried.status).toBe(200);
      expect(deadEmails(retried.body)).toEqual([]);
      await runQueue();
      expect(smtp.received.map((m) => m.to)).toEqual([[RECIPIENT]]);
      expect(await outboxRow(id)).toEqual({ status: 'sent', attempts: 1 });
      const again = await admin.post(`/api/admin/jobs/${dead!.id}/retry`);
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('admin.job_not_found');
      await runQueue();
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});
