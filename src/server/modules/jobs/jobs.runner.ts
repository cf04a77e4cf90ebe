import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import {
  type ClaimedJob,
  claimDueJobs,
  enqueueJob,
  failJob,
  finishJob,
  releaseJob,
  renewJobClaim,
  supersedeDeadRuns,
} from './jobs.repository';

/** What a job handler is told: the time by the injected clock, and which attempt this is. */
export type JobContext = { now: Date; attempt: number; maxAttempts: number; jobId: number; runAt: Date };
/** A handler finishes (done), says why the job no longer makes sense (skipped), or throws (retried). */
export type JobResult = undefined | { skipped: string };
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<JobResult>;
export type JobHandlers = Record<string, JobHandler>;
/**
 * A sweep that runs every `everyMs` (in one process: the key names the period), or once per period of a
 * calendar (`periodStart`: the start of the period `now` is in, e.g. the last Monday 9:00 in Toronto).
 */
export type RecurringJob = { kind: string; everyMs: number; periodStart?: (now: Date) => Date };

type RunnerLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Wait after a failed attempt: 15 s × 2^(attempt-1), at most one hour. */
export function jobRetryDelayMs(attempt: number): number {
  return Math.min(15_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/** A job's key for the period of a recurring sweep that contains `now`. */
export function recurringKey(job: RecurringJob, now: Date): { key: string; runAt: Date } {
  const start = job.periodStart
    ? job.periodStart(now).getTime()
    : Math.floor(now.getTime() / job.everyMs) * job.everyMs;
  return { key: `${job.kind}@${new Date(start).toISOString()}`, runAt: new Date(start) };
}

function describe(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  const text = typeof e?.message === 'string' ? e.message : String(error);
  return `${typeof e?.code === 'string' ? `${e.code}: ` : ''}${text}`.slice(0, 500);
}

export type JobRunner = {
  /** Queues the current period of every recurring sweep (twice is harmless). */
  scheduleRecurring(): Promise<void>;
  /** Runs every due job now, batch after batch, until none is due; answers how many ran. */
  runDue(options?: { maxBatches?: number }): Promise<number>;
  /** Polls every `pollMs` until stopped. */
  start(): void;
  /** Stops polling and waits for the job in flight; claimed jobs not started are given back. */
  stop(): Promise<void>;
};

/**
 * Runs the durable queue in this process. Several processes may run one each: a claim is exclusive
 * (`FOR UPDATE SKIP LOCKED`) and a claim whose process died is taken again once `lockMs` has passed.
 */
export function createJobRunner(options: {
  db: Executor;
  clock: Clock;
  log: RunnerLog;
  handlers: JobHandlers;
  recurring?: readonly RecurringJob[];
  pollMs?: number;
  batchSize?: number;
  lockMs?: number;
}): JobRunner {
  const { db, clock, log, handlers } = options;
  const recurring = options.recurring ?? [];
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 20;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const kinds = Object.keys(handlers);
  const recurringKinds = new Set(recurring.map((job) => job.kind));
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<number> = Promise.resolve(0);
  const scheduled = new Map<string, string>();

  async function scheduleRecurring() {
    const now = clock.now();
    for (const job of recurring) {
      const { key, runAt } = recurringKey(job, now);
      if (scheduled.get(job.kind) === key) continue;
      await enqueueJob(db, { kind: job.kind, key, runAt, maxAttempts: 3 });
      scheduled.set(job.kind, key);
    }
  }

  async function run(job: ClaimedJob) {
    const handler = handlers[job.kind];
    const now = clock.now();
    try {
      const result = await handler!(job.payload, {
        now,
        attempt: job.attempt,
        maxAttempts: job.maxAttempts,
        jobId: job.id,
        runAt: job.runAt,
      });
      await finishJob(db, job, { now: clock.now(), skippedBecause: result?.skipped });
    } catch (error) {
      const dead = job.attempt >= job.maxAttempts;
      const retryAt = dead ? null : new Date(clock.now().getTime() + jobRetryDelayMs(job.attempt));
      await failJob(db, job, { now: clock.now(), error: describe(error), retryAt });
      if (dead && recurringKinds.has(job.kind))
        await supersedeDeadRuns(db, { kind: job.kind, latestId: job.id });
      const fields = { err: error, jobId: job.id, kind: job.kind, attempt: job.attempt, retryAt };
      if (dead) log.error(fields, 'job failed for good');
      else log.warn(fields, 'job failed; will retry');
    }
  }

  async function batch(): Promise<number> {
    const now = clock.now();
    const claimed = await claimDueJobs(db, {
      now,
      lockedUntil: new Date(now.getTime() + lockMs),
      limit: batchSize,
      kinds,
    });
    for (const job of claimed) {
      if (stopping) {
        await releaseJob(db, job);
        continue;
      }
      // The batch shares one claim: behind slow jobs it may have run out, and another process may
      // have taken this job meanwhile. Past half the claim, it is extended first (or given up).
      const late = clock.now().getTime() >= now.getTime() + lockMs / 2;
      if (late && !(await renewJobClaim(db, job, new Date(clock.now().getTime() + lockMs)))) continue;
      await run(job);
    }
    return claimed.length;
  }

  function queued(work: () => Promise<number>): Promise<number> {
    const next = inFlight.then(work, work);
    inFlight = next.catch(() => 0);
    return next;
  }

  async function runDue({ maxBatches = 50 } = {}) {
    let total = 0;
    for (let i = 0; i < maxBatches && !stopping; i++) {
      const count = await queued(batch);
      total += count;
      if (count < batchSize) break;
    }
    return total;
  }

  function schedule(delayMs: number) {
    if (stopping) return;
    timer = setTimeout(async () => {
      timer = undefined;
      try {
        await scheduleRecurring();
        await runDue();
      } catch (error) {
        log.error({ err: error }, 'job runner pass failed; will retry');
      }
      schedule(pollMs);
    }, delayMs);
    timer.unref();
  }

  return {
    scheduleRecurring,
    runDue,
    start() {
      schedule(0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await inFlight;
    },
  };
}
