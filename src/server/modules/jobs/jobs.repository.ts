import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Executor, preparedPer, queryRows } from '../../db/client';
import { jobs } from '../../db/schema';

/** The only file that touches the `jobs` table (docs/decisions/005-job-queue.md). */

export type NewJob = {
  kind: string;
  /** Scheduling a job whose key exists already does nothing: the same work is never queued twice. */
  key?: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  maxAttempts?: number;
};

/** Queues a job; pass the caller's transaction so it commits (or not) with its cause. */
export async function enqueueJob(db: Executor, job: NewJob): Promise<{ id: number } | null> {
  const [row] = await jobInsert(db).execute({
    kind: job.kind,
    key: job.key ?? null,
    payload: job.payload ?? {},
    runAt: job.runAt,
    maxAttempts: job.maxAttempts ?? 8,
  });
  return row ?? null;
}

// Prepared (db/client.ts, preparedPer): a payment queues four or five jobs in its transaction.
const jobInsert = preparedPer((db) => {
  const runAt = sql.placeholder('runAt');
  return db
    .insert(jobs)
    .values({
      kind: sql.placeholder('kind'),
      key: sql.placeholder('key'),
      payload: sql.placeholder('payload'),
      runAt,
      maxAttempts: sql.placeholder('maxAttempts'),
      createdAt: runAt,
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id })
    .prepare('enqueue_job');
});

export type ClaimedJob = {
  id: number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  runAt: Date;
  /** This claim's attempt (1 for the first); also the fencing token for what follows. */
  attempt: number;
  maxAttempts: number;
};

type ClaimedRow = {
  id: number | string;
  kind: string;
  key: string | null;
  payload: Record<string, unknown> | string;
  run_at: Date | string;
  attempts: number;
  max_attempts: number;
};

/**
 * Claims up to `limit` due jobs for this process: pending ones whose time has come, and running ones
 * whose claim ran out (their process died). Rows another process holds are skipped, so no job runs
 * twice at once.
 */
export async function claimDueJobs(
  db: Executor,
  input: { now: Date; lockedUntil: Date; limit: number; kinds: readonly string[] },
): Promise<ClaimedJob[]> {
  if (input.kinds.length === 0) return [];
  const now = input.now.toISOString();
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`update jobs
        set state = 'running', locked_until = ${input.lockedUntil.toISOString()}::timestamptz,
            attempts = attempts + 1
        where id in (
          select id from jobs
          where kind in (${sql.join(
            input.kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
            and ((state = 'pending' and run_at <= ${now}::timestamptz)
              or (state = 'running' and locked_until < ${now}::timestamptz))
          order by run_at, id
          limit ${input.limit}
          for update skip locked
        )
        returning id, kind, key, payload, run_at, attempts, max_attempts`,
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      key: row.key,
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      runAt: new Date(row.run_at),
      attempt: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
    }))
    .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

const ownedBy = (claim: { id: number; attempt: number }) =>
  and(eq(jobs.id, claim.id), eq(jobs.state, 'running'), eq(jobs.attempts, claim.attempt));

/**
 * Extends a claim before its job starts; false when the claim was lost (it ran out and another runner
 * took the job, or the job was finished): then this runner must not run it.
 */
export async function renewJobClaim(
  db: Executor,
  claim: { id: number; attempt: number },
  lockedUntil: Date,
): Promise<boolean> {
  const rows = await db.update(jobs).set({ lockedUntil }).where(ownedBy(claim)).returning({ id: jobs.id });
  return rows.length > 0;
}

/** Finished: `done`, or `skipped` when it no longer made sense (the reason is kept). */
export async function finishJob(
  db: Executor,
  claim: { id: number; attempt: number },
  input: { now: Date; skippedBecause?: string },
) {
  await db
    .update(jobs)
    .set({
      state: input.skippedBecause ? 'skipped' : 'done',
      lastError: input.skippedBecause ?? null,
      lockedUntil: null,
      finishedAt: input.now,
    })
    .where(ownedBy(claim));
}

/** A failed attempt: due again at `retryAt`, or dead (`failed`, kept with its error) when null. */
export async function failJob(
  db: Executor,
  claim: { id: number; attempt: number },
  input: { now: Date; error: string; retryAt: Date | null },
) {
  await db
    .update(jobs)
    .set(
      input.retryAt
        ? { state: 'pending', runAt: input.retryAt, lockedUntil: null, lastError: input.error }
        : { state: 'failed', lockedUntil: null, lastError: input.error, finishedAt: input.now },
    )
    .where(ownedBy(claim));
}

/**
 * A recurring kind's earlier dead runs, superseded by the one that just died: each period's run does
 * the whole sweep again, so only the latest failure is one to deal with (a sweep failing every minute
 * would otherwise push real failures, a dead refund, off the admins' list). Kept as `skipped`.
 */
export async function supersedeDeadRuns(db: Executor, input: { kind: string; latestId: number }) {
  await db
    .update(jobs)
    .set({
      state: 'skipped',
      lastError: sql`'superseded by a later run: ' || coalesce(${jobs.lastError}, '')`,
    })
    .where(and(eq(jobs.kind, input.kind), eq(jobs.state, 'failed'), sql`${jobs.id} <> ${input.latestId}`));
}

/** Gives back a claimed job that was not started (the process is stopping): no attempt is counted. */
export async function releaseJob(db: Executor, claim: { id: number; attempt: number }) {
  await db
    .update(jobs)
    .set({ state: 'pending', lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
    .where(ownedBy(claim));
}

/**
 * Records work that failed for good outside a run of its own (an e-mail the outbox gave up on) as a
 * dead job: admins see it with the other failures, and Retry runs `kind`'s handler with `payload`.
 * One row per key: a later give-up makes the same row dead again.
 */
export async function recordDeadJob(
  db: Executor,
  job: {
    kind: string;
    key: string;
    payload: Record<string, unknown>;
    attempts: number;
    error: string;
    now: Date;
  },
) {
  const dead = {
    state: 'failed' as const,
    payload: job.payload,
    attempts: job.attempts,
    lockedUntil: null,
    lastError: job.error,
    finishedAt: job.now,
  };
  await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, runAt: job.now, maxAttempts: 3, createdAt: job.now, ...dead })
    .onConflictDoUpdate({ target: jobs.key, set: dead });
}

/** A dead job runs again from its first attempt. */
export async function retryFailedJob(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'pending', attempts: 0, runAt: now, lockedUntil: null, finishedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'failed')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Forgets, in any state, the jobs of `kind` about these bookings (payload `reminder.bookingId`): a text
 * message's job keeps the number and the message, which go with the person who is deleted (§15).
 */
export async function deleteBookingTextJobs(db: Executor, kind: string, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return 0;
  const rows = await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.kind, kind),
        sql`(${jobs.payload}->'reminder'->>'bookingId')::int = any(${`{${bookingIds.join(',')}}`}::int[])`,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/** Forgets finished jobs older than `before` (dead ones are kept until someone retries or reads them). */
export async function pruneFinishedJobs(db: Executor, before: Date) {
  const rows = await db
    .delete(jobs)
    .where(and(inArray(jobs.state, ['done', 'skipped']), lt(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return rows.length;
}

export async function findJob(db: Executor, id: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

/** The queue at a glance (the admins' Jobs panel): counts by kind and state, the last dead jobs. */
export async function jobsOverview(db: Executor) {
  const counts = await db
    .select({ kind: jobs.kind, state: jobs.state, count: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.kind, jobs.state)
    .orderBy(jobs.kind, jobs.state);
  const failures = await db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      key: jobs.key,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      failedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(eq(jobs.state, 'failed'))
    .orderBy(sql`${jobs.finishedAt} desc nulls last`, sql`${jobs.id} desc`)
    .limit(50);
  return {
    counts: counts.map((c) => ({ ...c, count: Number(c.count) })),
    failures: failures.map((f) => ({ ...f, failedAt: f.failedAt?.toISOString() ?? null })),
  };
}
