import { and, count, inArray, lte, min } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { emailOutbox, jobs } from '../db/schema';

/** The e-mail outbox by status, and when the oldest message still waiting to go out was written. */
export async function outboxDepth(db: Executor) {
  const rows = await db
    .select({ status: emailOutbox.status, count: count(), oldest: min(emailOutbox.createdAt) })
    .from(emailOutbox)
    .groupBy(emailOutbox.status);
  const waiting = rows.filter((r) => r.status === 'pending' || r.status === 'sending');
  const oldest = waiting
    .map((r) => (r.oldest ? new Date(r.oldest).getTime() : Number.POSITIVE_INFINITY))
    .reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  return {
    byStatus: rows.map((r) => ({ status: r.status, count: Number(r.count) })),
    oldestWaitingAt: Number.isFinite(oldest) ? new Date(oldest) : null,
  };
}

/**
 * The job queue by kind and state, and for pending and running jobs the time the oldest became due
 * (a reminder queued for next week is not late: only jobs whose `run_at` has passed count).
 */
export async function jobQueueDepth(db: Executor, now: Date) {
  const counts = await db
    .select({ kind: jobs.kind, state: jobs.state, count: count() })
    .from(jobs)
    .groupBy(jobs.kind, jobs.state);
  const due = await db
    .select({ kind: jobs.kind, state: jobs.state, oldest: min(jobs.runAt) })
    .from(jobs)
    .where(and(inArray(jobs.state, ['pending', 'running']), lte(jobs.runAt, now)))
    .groupBy(jobs.kind, jobs.state);
  return {
    counts: counts.map((r) => ({ kind: r.kind, state: r.state, count: Number(r.count) })),
    oldestDue: due.map((r) => ({ kind: r.kind, state: r.state, since: r.oldest ? new Date(r.oldest) : now })),
  };
}
