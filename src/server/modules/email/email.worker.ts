import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from '../../clock';
import type { Executor } from '../../db/client';
import {
  type ClaimedEmail,
  type EmailSendCondition,
  claimDueEmails,
  giveUpEmail,
  markFailed,
  markSent,
  markSkipped,
  releaseClaim,
} from './email.outbox.repository';
import {
  type DrawnAttachment,
  describeMailError,
  isConnectionError,
  isDrawnAttachment,
  type MailAttachment,
  type Mailer,
} from './email.transport';

type WorkerLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** After this many attempts a message is marked `failed` (retries span about 3 hours in all). */
export const MAX_ATTEMPTS = 10;
/** Messages claimed at a time, unless told otherwise. */
export const EMAIL_BATCH_SIZE = 10;
/** How long a claim holds a message; far longer than a batch can take (10 × 20 s of timeouts). */
const CLAIM_LOCK_MS = 5 * 60_000;

/** Wait after a failed attempt: 30 s × 2^(attempt-1), at most one hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);
}

export type EmailWorker = {
  /** Stops polling and waits for the batch in flight (untried messages of it are released). */
  stop(): Promise<void>;
  /** Claims and delivers one batch now; resolves with how many messages it attempted. */
  runOnce(): Promise<number>;
};

/**
 * Delivers the outbox: every `intervalMs` it claims up to `batchSize` due messages (atomically, so
 * several processes can run one each), sends them one by one and records each outcome. A full
 * batch is followed at once by the next. Errors are logged, never thrown out of the timer.
 */
export function startEmailWorker(options: {
  db: Executor;
  mailer: Mailer;
  log: WorkerLog;
  clock?: Clock;
  /** How often it polls by itself; null: never (the job queue calls runOnce: src/server/jobs.ts). */
  intervalMs?: number | null;
  batchSize?: number;
  /**
   * Draws an attachment the outbox keeps as a reference (a booking's receipt) when its message is
   * sent. Without it such a message goes without that attachment, and the log says so.
   */
  drawAttachment?: (ref: DrawnAttachment) => Promise<MailAttachment[]>;
  /**
   * Why a message with a condition (`sendIf`: a booking's reminder) must not go now, or null. Without
   * it such a message is sent as written.
   */
  stillDue?: (condition: EmailSendCondition, now: Date) => Promise<string | null>;
}): EmailWorker {
  const { db, mailer, log } = options;
  const clock = options.clock ?? systemClock;
  const intervalMs = options.intervalMs === undefined ? 2000 : options.intervalMs;
  const batchSize = options.batchSize ?? EMAIL_BATCH_SIZE;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  // Batches of one worker never overlap: the timer and runOnce queue behind each other.
  let inFlight: Promise<number> = Promise.resolve(0);

  /** Sends one message and records the outcome; answers the error when the server was unreachable. */
  async function deliver(email: ClaimedEmail): Promise<{ connectionError?: string }> {
    let skipped: string | null = null;
    try {
      // Checked and drawn inside the try: a database that cannot answer now is a failed attempt,
      // retried later.
      skipped = email.sendIf && options.stillDue ? await options.stillDue(email.sendIf, clock.now()) : null;
      if (!skipped) await mailer.send({ ...email, attachments: await attachmentsOf(email) });
    } catch (error) {
      const description = describeMailError(error);
      await recordFailure(email, description);
      return isConnectionError(error) ? { connectionError: description } : {};
    }
    if (skipped) {
      await markSkipped(db, email, skipped);
      log.info({ emailId: email.id, kind: email.kind, reason: skipped }, 'e-mail not sent: no longer due');
      return {};
    }
    await markSent(db, email, clock.now());
    log.info({ emailId: email.id, kind: email.kind, attempt: email.attempt }, 'e-mail sent');
    return {};
  }

  async function attachmentsOf(email: ClaimedEmail): Promise<MailAttachment[]> {
    const files: MailAttachment[] = [];
    for (const attachment of email.attachments ?? []) {
      if (!isDrawnAttachment(attachment)) files.push(attachment);
      else if (options.drawAttachment) files.push(...(await options.drawAttachment(attachment)));
      else
        log.warn(
          { emailId: email.id, attachment },
          'e-mail sent without an attachment nothing here can draw',
        );
    }
    return files;
  }

  async function recordFailure(email: ClaimedEmail, error: string) {
    const giveUp = email.attempt >= MAX_ATTEMPTS;
    const nextAttemptAt = giveUp ? null : new Date(clock.now().getTime() + retryDelayMs(email.attempt));
    // Given up: also a dead job on the admins' queue, where Retry sends it again.
    if (giveUp) await giveUpEmail(db, email, { error, now: clock.now() });
    else await markFailed(db, email, { error, nextAttemptAt });
    log.warn(
      { emailId: email.id, kind: email.kind, attempt: email.attempt, error, retryAt: nextAttemptAt },
      giveUp ? 'e-mail failed for good' : 'e-mail delivery failed; will retry',
    );
  }

  async function batch(): Promise<number> {
    const now = clock.now();
    const claimed = await claimDueEmails(db, {
      now,
      lockedUntil: new Date(now.getTime() + CLAIM_LOCK_MS),
      limit: batchSize,
    });
    let connectionError: string | undefined;
    for (const email of claimed) {
      if (stopping) {
        await releaseClaim(db, email);
      } else if (connectionError) {
        // The server is unreachable: the rest of the batch fails the same way without waiting for
        // one timeout each, and retries on its own schedule.
        await recordFailure(email, connectionError);
      } else {
        ({ connectionError } = await deliver(email));
      }
    }
    return claimed.length;
  }

  function runOnce(): Promise<number> {
    const next = inFlight.then(batch, batch);
    inFlight = next.catch(() => 0);
    return next;
  }

  function schedule(delayMs: number) {
    if (stopping || intervalMs === null) return;
    timer = setTimeout(async () => {
      timer = undefined;
      let count = 0;
      try {
        count = await runOnce();
      } catch (error) {
        log.error({ err: error }, 'e-mail worker batch failed');
      }
      schedule(count >= batchSize ? 0 : (intervalMs ?? 0));
    }, delayMs);
    timer.unref();
  }

  if (intervalMs !== null) schedule(intervalMs);

  return {
    runOnce,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await inFlight;
      mailer.close();
    },
  };
}
