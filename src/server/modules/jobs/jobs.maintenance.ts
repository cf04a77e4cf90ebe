import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import { pruneFinishedJobs } from './jobs.repository';
import type { JobHandlers } from './jobs.runner';

export const PRUNE_JOBS_JOB = 'jobs.prune';
/** Finished jobs are kept this long for the admins' view; dead ones until someone deals with them. */
export const KEEP_FINISHED_JOBS_MS = 7 * 86_400_000;

export function jobsMaintenanceHandlers(deps: { db: Executor; clock: Clock }): JobHandlers {
  return {
    [PRUNE_JOBS_JOB]: async (_payload, { now }) => {
      await pruneFinishedJobs(deps.db, new Date(now.getTime() - KEEP_FINISHED_JOBS_MS));
      return undefined;
    },
  };
}
