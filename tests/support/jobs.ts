import { allJobHandlers } from '../../src/server/jobs';
import { createJobRunner, type JobRunner } from '../../src/server/modules/jobs/jobs.runner';
import type { TestContext } from './app';

const runners = new WeakMap<TestContext['app'], JobRunner>();

/**
 * Runs every job that is due by the app's clock, as a server process's runner would (the tests' apps
 * start no runner of their own); answers how many ran.
 */
export async function runDueJobs(ctx: Pick<TestContext, 'app'>): Promise<number> {
  let runner = runners.get(ctx.app);
  if (!runner) {
    runner = createJobRunner({
      db: ctx.app.deps.db,
      clock: ctx.app.deps.clock,
      log: ctx.app.log,
      handlers: allJobHandlers(ctx.app.deps, ctx.app.log),
    });
    runners.set(ctx.app, runner);
  }
  return runner.runDue();
}
