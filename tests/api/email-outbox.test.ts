import type { AddressInfo } from 'node:net';
import { asc, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import type { DatabaseHandle } from '../../src/server/db/client';
import { emailOutbox, jobs } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { emailJobHandlers } from '../../src/server/modules/email/email.jobs';
import { createJobRunner } from '../../src/server/modules/jobs/jobs.runner';
import { drawEmailAttachment } from '../../src/server/modules/receipts/receipts.usecases';
import { startEmailDelivery, startOutboxLog } from '../../src/server/modules/email/email.delivery';
import {
  claimDueEmails,
  enqueueEmail,
  type OutgoingEmail,
} from '../../src/server/modules/email/email.outbox.repository';
import { testEmail } from '../../src/server/modules/email/email.templates';
import {
  createSmtpMailer,
  type MailAttachment,
  type Mailer,
  type MailMessage,
} from '../../src/server/modules/email/email.transport';
import {
  type EmailWorker,
  MAX_ATTEMPTS,
  retryDelayMs,
  startEmailWorker,
} from '../../src/server/modules/email/email.worker';
import { openTestDatabase } from '../support/database';

type Received = { user: unknown; mailFrom: string; rcptTo: string[]; raw: string };

/** A real SMTP server on loopback that keeps what arrives in memory. */
async function startSmtpServer(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      if (auth.username === 'trillium' && auth.password === 's3cret-pass')
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          user: session.user,
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = head.match(new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im'));
  return match?.[1]?.replace(/\r?\n[ \t]/g, ' ');
}

const NOW = new Date('2026-11-22T15:00:00Z');
const FROM = 'Trillium <no-reply@trillium.test>';
const silentLog = { info() {}, warn() {}, error() {} };

let database: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let workers: EmailWorker[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(emailOutbox);
  smtp.received.length = 0;
});
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

function message(n: number, to = `customer${n}@example.ca`): OutgoingEmail {
  return {
    to,
    kind: 'test',
    ...testEmail({ publicUrl: 'https://trillium.example', recipientName: `Customer ${n}` }),
    subject: `Test message ${n}`,
  };
}

function worker(options: {
  port?: number;
  mailer?: Mailer;
  clock?: ReturnType<typeof fixedClock>;
  batchSize?: number;
}) {
  const w = startEmailWorker({
    db: database.db,
    mailer:
      options.mailer ??
      createSmtpMailer({
        url: `smtp://trillium:s3cret-pass@127.0.0.1:${options.port ?? smtp.port}`,
        from: FROM,
      }),
    clock: options.clock ?? fixedClock(NOW),
    log: silentLog,
    intervalMs: 60 * 60_000,
    batchSize: options.batchSize,
  });
  workers.push(w);
  return w;
}

async function rows() {
  return database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
}

describe('email outbox delivery over SMTP', () => {
  it('delivers every enqueued message once, with text and HTML parts, and marks it sent', async () => {
    for (const n of [1, 2, 3]) await enqueueEmail(database.db, message(n), { now: NOW });
    const w = worker({});
    expect(await w.runOnce()).toBe(3);
    expect(await w.runOnce()).toBe(0);

    expect(smtp.received).toHaveLength(3);
    for (const n of [1, 2, 3]) {
      const matching = smtp.received.filter((r) => header(r.raw, 'Subject') === `Test message ${n}`);
      expect(matching).toHaveLength(1);
      const mail = matching[0]!;
      expect(mail.user).toBe('trillium'); // the credentials of SMTP_URL were used
      expect(mail.rcptTo).toEqual([`customer${n}@example.ca`]);
      expect(mail.mailFrom).toBe('no-reply@trillium.test');
      expect(header(mail.raw, 'To')).toBe(`customer${n}@example.ca`);
      expect(header(mail.raw, 'From')).toBe(FROM);
      expect(header(mail.raw, 'Content-Type')).toMatch(/^multipart\/alternative/);
      expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
      expect(mail.raw).toMatch(/Content-Type: text\/html/i);
      expect(mail.raw).toContain(`Hi Customer ${n},`);
    }
    const stored = await rows();
    expect(stored.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    for (const row of stored) {
      expect(row.attempts).toBe(1);
      expect(row.sentAt?.toISOString()).toBe(NOW.toISOString());
      expect(row.lockedUntil).toBeNull();
      expect(row.lastError).toBeNull();
    }
  });

  it('keeps messages while the SMTP server is down and delivers them once it is back', async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    const clock = fixedClock(NOW);
    for (const n of [1, 2, 3]) await enqueueEmail(database.db, message(n), { now: NOW });
    const w = worker({ port, clock });

    expect(await w.runOnce()).toBe(3);
    let stored = await rows();
    for (const row of stored) {
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/ECONNECTION|ECONNREFUSED/);
      expect(row.lastError).not.toContain('s3cret-pass');
      expect(row.nextAttemptAt.getTime()).toBe(NOW.getTime() + 30_000);
    }
    // Not due yet: nothing is claimed.
    clock.advance(10_000);
    expect(await w.runOnce()).toBe(0);

    const back = await startSmtpServer(port);
    try {
      clock.advance(25_000);
      expect(await w.runOnce()).toBe(3);
      expect(await w.runOnce()).toBe(0);
      expect(back.received.map((r) => header(r.raw, 'Subject')).sort()).toEqual([
        'Test message 1',
        'Test message 2',
        'Test message 3',
      ]);
      stored = await rows();
      expect(stored.map((r) => [r.status, r.attempts])).toEqual([
        ['sent', 2],
        ['sent', 2],
        ['sent', 2],
      ]);
    } finally {
      await back.close();
    }
  });

  it('delivers each message once when two workers run at the same time', async () => {
    for (let n = 1; n <= 20; n++) await enqueueEmail(database.db, message(n), { now: NOW });
    const a = worker({ batchSize: 4 });
    const b = worker({ batchSize: 4 });
    for (;;) {
      const counts = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      if (counts.every((c) => c === 0)) break;
    }
    const subjects = smtp.received.map((r) => header(r.raw, 'Subject'));
    expect(subjects).toHaveLength(20);
    expect(new Set(subjects).size).toBe(20);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('never sends a message whose transaction rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, message(1), { now: NOW });
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    expect(await worker({}).runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect(await rows()).toHaveLength(0);
  });
});

describe('attachments drawn when the message leaves', () => {
  const pdf = (bookingId: number): MailAttachment => ({
    filename: `receipt-${bookingId}.pdf`,
    contentType: 'application/pdf',
    content: 'JVBERi0=',
    encoding: 'base64',
  });
  const calendar: MailAttachment = {
    filename: 'booking.ics',
    contentType: 'text/calendar',
    content: 'BEGIN',
  };
  const withReceipt = (n: number): OutgoingEmail => ({
    ...message(n),
    attachments: [calendar, { draw: 'receipt', bookingId: 40 + n }],
  });
  const capture = () => {
    const sent: MailMessage[] = [];
    return { sent, mailer: { send: async (m: MailMessage) => void sent.push(m), close() {} } };
  };

  it('are drawn in their place; a drawing that throws is a failed attempt, tried again later', async () => {
    await enqueueEmail(database.db, withReceipt(1), { now: NOW });
    const clock = fixedClock(NOW);
    const { sent, mailer } = capture();
    let reachable = false;
    const w = startEmailWorker({
      db: database.db,
      mailer,
      clock,
      log: silentLog,
      intervalMs: null,
      drawAttachment: async (ref) => {
        if (!reachable) throw new Error('Connection terminated unexpectedly');
        return [pdf(ref.draw === 'receipt' ? ref.bookingId : ref.refundId)];
      },
    });
    workers.push(w);
    expect(await w.runOnce()).toBe(1);
    expect(sent).toEqual([]);
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toContain('Connection terminated unexpectedly');
    // The reference stays as it was, for the next attempt.
    expect(failed!.attachments).toEqual([calendar, { draw: 'receipt', bookingId: 41 }]);
    reachable = true;
    clock.advance(retryDelayMs(1));
    expect(await w.runOnce()).toBe(1);
    expect(sent.map((m) => m.attachments)).toEqual([[calendar, pdf(41)]]);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('with nothing to draw them, the message goes without them, and the log says so', async () => {
    await enqueueEmail(database.db, withReceipt(2), { now: NOW });
    const { sent, mailer } = capture();
    const warned: unknown[] = [];
    const w = startEmailWorker({
      db: database.db,
      mailer,
      clock: fixedClock(NOW),
      log: { ...silentLog, warn: (details: unknown) => void warned.push(details) },
      intervalMs: null,
    });
    workers.push(w);
    expect(await w.runOnce()).toBe(1);
    expect(sent.map((m) => m.attachments)).toEqual([[calendar]]);
    expect(warned).toEqual([expect.objectContaining({ attachment: { draw: 'receipt', bookingId: 42 } })]);
  });
});

describe('email outbox bookkeeping', () => {
  it('backs off exponentially, caps the wait at one hour, then gives up; no secret is stored', async () => {
    const clock = fixedClock(NOW);
    const mailer: Mailer = {
      send: async () => {
        throw Object.assign(new Error('rejected by smtp://trillium:s3cret-pass@mail.example'), {
          code: 'EMESSAGE',
          responseCode: 554,
        });
      },
      close() {},
    };
    await enqueueEmail(database.db, message(1), { now: NOW });
    const w = worker({ mailer, clock });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const before = clock.now().getTime();
      expect(await w.runOnce()).toBe(1);
      const [row] = await rows();
      expect(row!.attempts).toBe(attempt);
      expect(row!.lastError).toBe('EMESSAGE 554: rejected by smtp://[redacted]@mail.example');
      if (attempt < MAX_ATTEMPTS) {
        expect(row!.status).toBe('pending');
        waits.push(row!.nextAttemptAt.getTime() - before);
        clock.set(row!.nextAttemptAt);
      } else {
        expect(row!.status).toBe('failed');
      }
    }
    expect(waits.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...waits)).toBe(60 * 60_000);
    clock.advance(24 * 60 * 60_000);
    expect(await w.runOnce()).toBe(0);
  });

  it('takes back a message whose worker died mid-send once its claim expires', async () => {
    const clock = fixedClock(NOW);
    await enqueueEmail(database.db, message(1), { now: NOW });
    const claimed = await claimDueEmails(database.db, {
      now: NOW,
      lockedUntil: new Date(NOW.getTime() + 60_000),
      limit: 10,
    });
    expect(claimed).toHaveLength(1);
    const w = worker({ clock });
    expect(await w.runOnce()).toBe(0);
    clock.advance(61_000);
    expect(await w.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [row] = await rows();
    expect([row!.status, row!.attempts]).toEqual(['sent', 2]);
  });
});

describe('stopping', () => {
  it('waits for the message in flight and gives back the untried rest of the batch', async () => {
    for (const n of [1, 2, 3]) await enqueueEmail(database.db, message(n), { now: NOW });
    let release: () => void = () => {};
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    const sent: string[] = [];
    const mailer: Mailer = {
      send: (mail) =>
        new Promise<void>((resolve) => {
          sent.push(mail.subject);
          release = resolve;
          started();
        }),
      close() {},
    };
    const w = worker({ mailer });
    const batch = w.runOnce();
    await sending;
    const stopped = w.stop();
    release();
    await stopped;
    expect(await batch).toBe(3);
    expect(sent).toEqual(['Test message 1']);
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
  });
});

describe('without SMTP_URL', () => {
  it('leaves messages pending and logs each new one once with its recipient, subject and links', async () => {
    await enqueueEmail(database.db, message(1, 'old@example.ca'), { now: NOW });
    const lines: Array<{ data: unknown; msg?: string }> = [];
    const log = {
      info: (data: unknown, msg?: string) => void lines.push({ data, msg }),
      warn() {},
      error() {},
    };
    const watcher = startOutboxLog({ db: database.db, log: log as never, intervalMs: 60 * 60_000 });
    workers.push(watcher);
    await watcher.runOnce();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.data).toEqual({ pending: 1 });

    await enqueueEmail(database.db, message(2, 'new@example.ca'), { now: NOW });
    await database.db
      .transaction(async (tx) => {
        await enqueueEmail(tx, message(3, 'rolled-back@example.ca'), { now: NOW });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await watcher.runOnce()).toBe(1);
    expect(await watcher.runOnce()).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.data).toMatchObject({
      to: 'new@example.ca',
      subject: 'Test message 2',
      links: ['https://trillium.example/'],
    });
    const pending = await database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(emailOutbox)
      .where(sql`${emailOutbox.status} = 'pending'`);
    expect(pending[0]!.n).toBe(2);
  });

  it('in production logs that a message waits, never its links or recipient', async () => {
    const lines: string[] = [];
    const log = {
      info: (data: unknown, msg?: string) => void lines.push(JSON.stringify({ data, msg })),
      warn: (data: unknown, msg?: string) => void lines.push(JSON.stringify({ data, msg })),
      error() {},
    };
    const watcher = startEmailDelivery({
      env: { SMTP_URL: undefined, MAIL_FROM: 'Trillium <no-reply@trillium.test>', NODE_ENV: 'production' },
      db: database.db,
      log: log as never,
    });
    workers.push(watcher);
    await watcher.runOnce();
    await enqueueEmail(
      database.db,
      {
        ...message(9, 'secret.reset@example.ca'),
        text: 'Reset: https://trillium.example/reset-password?token=s3cr3t',
      },
      { now: NOW },
    );
    expect(await watcher.runOnce()).toBe(1);
    const printed = lines.join('\n');
    expect(printed).toContain('waits in the outbox');
    expect(printed).not.toContain('s3cr3t');
    expect(printed).not.toContain('secret.reset@example.ca');
  });
});

describe('on the job queue', () => {
  it('a queued message leaves through its e-mail.deliver job, once, even with two runners', async () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: FROM,
    });
    const clock = fixedClock(NOW);
    const runners = [1, 2].map(() =>
      createJobRunner({
        db: database.db,
        clock,
        log: silentLog,
        handlers: emailJobHandlers({
          db: database.db,
          env,
          clock,
          log: silentLog,
          drawAttachment: (ref) => drawEmailAttachment(database.db, ref, silentLog),
        }),
      }),
    );
    await enqueueEmail(database.db, message(41, 'queued@example.ca'), { now: NOW });
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(
        eq(
          jobs.key,
          `email.deliver:${(await database.db.select({ id: emailOutbox.id }).from(emailOutbox))[0]!.id}`,
        ),
      );
    expect(job).toMatchObject({ kind: 'email.deliver', state: 'pending' });
    await Promise.all(runners.map((r) => r.runDue()));
    expect(smtp.received.filter((m) => m.rcptTo.includes('queued@example.ca'))).toHaveLength(1);
    const [row] = await database.db.select({ status: emailOutbox.status }).from(emailOutbox);
    expect(row!.status).toBe('sent');
  });
});
