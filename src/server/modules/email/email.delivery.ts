import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import type { Env } from '../../env';
import { type EmailSendCondition, listPendingEmailsAfter, outboxSummary } from './email.outbox.repository';
import {
  createSmtpMailer,
  type DrawnAttachment,
  linksIn,
  type MailAttachment,
  type Mailer,
} from './email.transport';
import { type EmailWorker, startEmailWorker } from './email.worker';

type DeliveryLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * How the outbox leaves the process.
 * - `SMTP_URL` set: the worker delivers every message through SMTP (retries, backoff, one claim
 *   per message across processes).
 * - `SMTP_URL` unset (development): nothing is sent and nothing is marked sent. Messages stay
 *   `pending` in the outbox for viewing, and a watcher prints each newly committed one (recipient,
 *   subject, links) once to the log. Watching the table rather than hooking `enqueueEmail` means a
 *   message whose transaction rolls back is never printed. (The watcher follows ids, so a message
 *   committed after a newer one was printed can be missed by the log; it is still in the outbox.)
 *   If SMTP is configured later, the pending messages are delivered then. In production the log says
 *   only that a message waits (kind, id): its links (password reset, verification) are secrets that
 *   must not land in a log.
 */
export function startEmailDelivery(options: {
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'> & Partial<Pick<Env, 'NODE_ENV'>>;
  db: Executor;
  log: DeliveryLog;
  clock?: Clock;
  /** Poll by itself (tests and tools); the server drives it from the job queue instead (null). */
  intervalMs?: number | null;
  /** Draws what the outbox keeps as a reference (a booking's receipt) when a message is sent. */
  drawAttachment?: (ref: DrawnAttachment) => Promise<MailAttachment[]>;
  /** Why a message with a condition (a reminder) must not go now, or null (email.worker.ts). */
  stillDue?: (condition: EmailSendCondition, now: Date) => Promise<string | null>;
  /**
   * Delivers through this mailer whatever SMTP_URL says: the demo seed's, which sends the demo's
   * made-up past nowhere (db/seed/demo-bookings.ts).
   */
  mailer?: Mailer;
}): EmailWorker {
  const { env, db, log } = options;
  if (env.SMTP_URL || options.mailer) {
    if (!options.mailer) log.info('e-mail: delivering the outbox through SMTP');
    return startEmailWorker({
      db,
      log,
      clock: options.clock,
      intervalMs: options.intervalMs,
      drawAttachment: options.drawAttachment,
      stillDue: options.stillDue,
      mailer: options.mailer ?? createSmtpMailer({ url: env.SMTP_URL!, from: env.MAIL_FROM }),
    });
  }
  return startOutboxLog({
    db,
    log,
    withLinks: env.NODE_ENV !== 'production',
    intervalMs: options.intervalMs,
  });
}

/** The watcher without SMTP: logs each new pending message once, leaves it in the outbox. */
export function startOutboxLog(options: {
  db: Executor;
  log: DeliveryLog;
  intervalMs?: number | null;
  /** Print recipients, subjects and links (development); false in production: only that it waits. */
  withLinks?: boolean;
}): EmailWorker {
  const withLinks = options.withLinks ?? true;
  const { db, log } = options;
  const intervalMs = options.intervalMs === undefined ? 2000 : options.intervalMs;
  let lastId: number | undefined;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<number> = Promise.resolve(0);

  async function check(): Promise<number> {
    if (lastId === undefined) {
      const summary = await outboxSummary(db);
      lastId = summary.lastId;
      log.info(
        { pending: summary.pending },
        'e-mail: SMTP_URL is not set, so messages stay in the outbox and new ones are printed here',
      );
    }
    const rows = await listPendingEmailsAfter(db, lastId, 50);
    for (const row of rows) {
      if (withLinks)
        log.info(
          { emailId: row.id, kind: row.kind, to: row.to, subject: row.subject, links: linksIn(row.text) },
          'e-mail kept in the outbox (not sent)',
        );
      else
        log.warn(
          { emailId: row.id, kind: row.kind },
          'e-mail waits in the outbox: SMTP_URL is not set, so it is not sent',
        );
      lastId = row.id;
    }
    return rows.length;
  }

  function runOnce(): Promise<number> {
    const next = inFlight.then(check, check);
    inFlight = next.catch(() => 0);
    return next;
  }

  function schedule() {
    if (stopping || intervalMs === null) return;
    timer = setTimeout(async () => {
      timer = undefined;
      try {
        await runOnce();
      } catch (error) {
        log.error({ err: error }, 'e-mail outbox log failed');
      }
      schedule();
    }, intervalMs);
    timer.unref();
  }

  // The start-up summary runs at once; later checks every interval.
  runOnce().catch((error) => log.error({ err: error }, 'e-mail outbox log failed'));
  schedule();

  return {
    runOnce,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await inFlight;
    },
  };
}
