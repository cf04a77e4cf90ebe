import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app-deps';
import { bookingJobHandlers, EXPIRE_HOLDS_JOB, RECONCILE_JOB } from './modules/bookings/bookings.jobs';
import { createJobRunner, type JobHandlers, type RecurringJob } from './modules/jobs/jobs.runner';
import { jobsMaintenanceHandlers, PRUNE_JOBS_JOB } from './modules/jobs/jobs.maintenance';

/** Every kind of background work the server does, by the module that owns it. */
export function allJobHandlers(deps: AppDeps): JobHandlers {
  return {
    ...bookingJobHandlers(deps),
    ...jobsMaintenanceHandlers(deps),
  };
}

/** The sweeps that run on a schedule, once per period across all processes. */
export function recurringJobs(sweepMs: number): RecurringJob[] {
  return [
    { kind: EXPIRE_HOLDS_JOB, everyMs: sweepMs },
    { kind: RECONCILE_JOB, everyMs: sweepMs },
    { kind: PRUNE_JOBS_JOB, everyMs: 24 * 3_600_000 },
  ];
}

/** The queue runner of one server process. */
export function createServerJobRunner(deps: AppDeps, log: FastifyBaseLogger, options: { sweepMs: number }) {
  return createJobRunner({
    db: deps.db,
    clock: deps.clock,
    log,
    handlers: allJobHandlers(deps),
    recurring: recurringJobs(options.sweepMs),
  });
}
