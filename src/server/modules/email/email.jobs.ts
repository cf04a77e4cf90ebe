import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import type { Env } from '../../env';
import type { JobHandlers } from '../jobs/jobs.runner';
import { startEmailDelivery } from './email.delivery';
import { type EmailSendCondition, requeueFailedEmail } from './email.outbox.repository';
import type { DrawnAttachment, MailAttachment, Mailer } from './email.transport';
import { EMAIL_BATCH_SIZE, type EmailWorker } from './email.worker';

/**
 * E-mail delivery on the job queue (docs/decisions/005-job-queue.md): every message queued in the
 * outbox also queues an `email.deliver` job in the same transaction, so it leaves within a second; a
 * sweep every minute delivers what waits for a retry (the SMTP server was away) or for SMTP to be
 * configured. Each run delivers every due message, claimed row by row, so two processes never send
 * one twice. A message that failed every attempt shows as a dead `email.deliver` job, retried from
 * there. Without SMTP_URL the messages stay in the outbox and are logged (email.delivery.ts).
 */

export const EMAIL_DELIVER_JOB = 'email.deliver';
export const EMAIL_SWEEP_JOB = 'email.sweep';
const MAX_BATCHES_PER_RUN = 50;

export function emailJobHandlers(deps: {
  db: Executor;
  env: Env;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Draws a booking's receipt when its confirmation leaves (receipts.usecases.ts, drawEmailAttachment). */
  drawAttachment: (ref: DrawnAttachment) => Promise<MailAttachment[]>;
  /** Why a reminder's e-mail must not go now (bookings.reminders.ts, reminderSkipReasonFor), or null. */
  stillDue?: (condition: EmailSendCondition, now: Date) => Promise<string | null>;
  /** Delivers through this mailer instead of SMTP or the log (email.delivery.ts). */
  mailer?: Mailer;
}): JobHandlers {
  let delivery: EmailWorker | undefined;
  const deliverDue = async () => {
    delivery ??= startEmailDelivery({ ...deps, intervalMs: null });
    // Every due message, batch after batch (after an outage hundreds wait, reminders among them, which
    // would be dropped as too late at one batch a minute), up to MAX_BATCHES_PER_RUN: the next run
    // (the sweep, a minute later) goes on from there.
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      if ((await delivery.runOnce()) < EMAIL_BATCH_SIZE) break;
    }
    return undefined;
  };
  return {
    // A message the outbox gave up on is a dead `email.deliver` job with `requeue`: the admin's Retry
    // runs it, and the message is due again from its first attempt (email.outbox.repository.ts).
    [EMAIL_DELIVER_JOB]: async (payload, { now }) => {
      if (payload.requeue === true) await requeueFailedEmail(deps.db, Number(payload.emailId), now);
      return deliverDue();
    },
    [EMAIL_SWEEP_JOB]: deliverDue,
  };
}
