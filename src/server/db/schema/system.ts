import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const JOB_STATES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The durable job queue (docs/decisions/005-job-queue.md): work that must happen later or again until it
 * succeeds. A job is claimed with `FOR UPDATE SKIP LOCKED`, so each runs in one process at a time; a
 * claim that outlives `locked_until` (its process died) is taken again. `key` makes scheduling twice
 * harmless. Dead jobs (`failed`) keep their last error.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state', { enum: JOB_STATES }).notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_key_unique').on(t.key),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.state} = 'pending'`),
    index('jobs_running_idx').on(t.lockedUntil).where(sql`${t.state} = 'running'`),
    index('jobs_kind_state_idx').on(t.kind, t.state),
  ],
);

/**
 * Request counters for rate limits, shared by every server process (the database is the default
 * store; Redis replaces it when `REDIS_URL` is set). One row per limit and caller.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_resets_idx').on(t.resetsAt)],
);
