import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import { pruneRateLimits } from '../../plugins/rate-limit.store.repository';
import { pruneAttempts } from '../auth/auth.attempts.repository';
import { pruneFinishedJobs } from './jobs.repository';
import type { JobHandlers } from './jobs.runner';

export const HOUSEKEEPING_JOB = 'jobs.housekeeping';
/** Finished jobs are kept this long for the admins' view; dead ones until someone deals with them. */
export const KEEP_FINISHED_JOBS_MS = 7 * 86_400_000;
/** Sign-in attempts matter for 15 minutes; a day is kept for investigating an attack. */
const KEEP_LOGIN_ATTEMPTS_MS = 86_400_000;

/** Hourly: forget what no longer matters (finished jobs, ended rate-limit windows, old sign-in attempts). */
export function housekeepingHandlers(deps: { db: Executor; clock: Clock }): JobHandlers {
  return {
    [HOUSEKEEPING_JOB]: async (_payload, { now }) => {
      await pruneFinishedJobs(deps.db, new Date(now.getTime() - KEEP_FINISHED_JOBS_MS));
      await pruneRateLimits(deps.db, now);
      await pruneAttempts(deps.db, new Date(now.getTime() - KEEP_LOGIN_ATTEMPTS_MS));
      return undefined;
    },
  };
}
