import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import type { DatabaseHandle } from '../../src/server/db/client';
import { jobs } from '../../src/server/db/schema';
import { claimDueJobs, enqueueJob } from '../../src/server/modules/jobs/jobs.repository';
import { createJobRunner, type JobHandlers } from '../../src/server/modules/jobs/jobs.runner';
import { openTestDatabase } from '../support/database';

/**
 * The durable job queue (docs/decisions/005-job-queue.md) on its own: keys make scheduling twice
 * harmless, failures are retried with backoff and kept when dead, work due while no process ran is
 * done when one comes back, and two runners on one database run each job exactly once.
 */

const clock = fixedClock('2026-11-23T12:00:00Z');
const silent = { info() {}, warn() {}, error() {} };
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const runner = (handlers: JobHandlers, lockMs = 60_000) =>
  createJobRunner({ db: database.db, clock, log: silent, handlers, lockMs, batchSize: 20 });
const stateOf = async (id: number) =>
  (await database.db.select().from(jobs).where(eq(jobs.id, id)).limit(1))[0]!;

describe('the job queue', () => {
  it('a job scheduled twice (same key) runs once', async () => {
    clock.set('2026-11-23T12:00:00Z');
    const calls: unknown[] = [];
    const first = await enqueueJob(database.db, {
      kind: 'test.once',
      key: 'once-1',
      payload: { n: 1 },
      runAt: clock.now(),
    });
    const second = await enqueueJob(database.db, {
      kind: 'test.once',
      key: 'once-1',
      payload: { n: 2 },
      runAt: clock.now(),
    });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const r = runner({ 'test.once': async (payload) => void calls.push(payload) });
    await r.runDue();
    await r.runDue();
    expect(calls).toEqual([{ n: 1 }]);
    expect((await stateOf(first!.id)).state).toBe('done');
  });

  it('a failing job is retried with backoff, then kept as failed with its last error', async () => {
    clock.set('2026-11-23T12:00:00Z');
    let attempts = 0;
    const r = runner({
      'test.flaky': async () => {
        attempts++;
        throw Object.assign(new Error(`processor away (attempt ${attempts})`), { code: 'ECONNREFUSED' });
      },
    });
    const job = await enqueueJob(database.db, { kind: 'test.flaky', runAt: clock.now(), maxAttempts: 3 });
    await r.runDue();
    expect(attempts).toBe(1);
    clock.advance(14_000);
    await r.runDue();
    expect(attempts).toBe(1); // 15 s after the first failure, not before
    clock.advance(1_000);
    await r.runDue();
    expect(attempts).toBe(2);
    clock.advance(29_000);
    await r.runDue();
    expect(attempts).toBe(2); // then 30 s
    clock.advance(1_000);
    await r.runDue();
    expect(attempts).toBe(3);
    const dead = await stateOf(job!.id);
    expect(dead).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'ECONNREFUSED: processor away (attempt 3)',
    });
    clock.advance(3_600_000);
    await r.runDue();
    expect(attempts).toBe(3);
  });

  it('work that fell due while no process ran is done when one starts; a dead claim is taken over', async () => {
    clock.set('2026-11-23T12:00:00Z');
    const ran: string[] = [];
    const abandoned = await enqueueJob(database.db, { kind: 'test.late', key: 'late-1', runAt: clock.now() });
    // Due while no process runs.
    const waiting = await enqueueJob(database.db, { kind: 'test.late', key: 'late-2', runAt: clock.now() });
    // A process claims the first one and dies before finishing it.
    const claimed = await claimDueJobs(database.db, {
      now: clock.now(),
      lockedUntil: new Date(clock.now().getTime() + 60_000),
      limit: 1,
      kinds: ['test.late'],
    });
    expect(claimed.map((c) => c.id)).toEqual([abandoned!.id]);
    // Hours later a new process starts.
    clock.advance(3 * 3_600_000);
    const r = runner({ 'test.late': async (_payload, { jobId }) => void ran.push(String(jobId)) });
    await r.runDue();
    expect(ran.sort()).toEqual([String(abandoned!.id), String(waiting!.id)].sort());
    expect((await stateOf(abandoned!.id)).state).toBe('done');
    expect((await stateOf(waiting!.id)).state).toBe('done');
  });

  it('two runners at once run 200 jobs exactly once each', async () => {
    clock.set('2026-11-23T12:00:00Z');
    const seen = new Map<number, number>();
    const handlers: JobHandlers = {
      'test.many': async (_payload, { jobId }) => {
        seen.set(jobId, (seen.get(jobId) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 1));
      },
    };
    for (let i = 0; i < 200; i++)
      await enqueueJob(database.db, { kind: 'test.many', key: `many-${i}`, runAt: clock.now() });
    const [a, b] = [runner(handlers), runner(handlers)];
    const drain = async (r: ReturnType<typeof runner>) => {
      while ((await r.runDue()) > 0) {
        // until nothing is left
      }
    };
    await Promise.all([drain(a), drain(b)]);
    expect(seen.size).toBe(200);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });
});
