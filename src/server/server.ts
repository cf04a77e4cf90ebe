import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { type DatabaseHandle, openDatabase } from './db/client';
import { assertNoRestoreUnderWay } from './db/restore-lock';
import { seedDemo } from './db/seed/demo';
import { createLocalStorage, uploadsFolder } from './modules/applications/storage';
import { randomUUID } from 'node:crypto';
import { createServerJobRunner } from './jobs';
import { RECONCILE_JOB } from './modules/bookings/bookings.jobs';
import { enqueueJob } from './modules/jobs/jobs.repository';
import type { Env } from './env';
import { backfillLedger } from './modules/earnings/earnings.usecases';

export function databaseOptionsFromEnv(env: Env) {
  return env.DATABASE_URL
    ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
    : ({ kind: 'pglite', dataDir: env.DATA_DIR } as const);
}

/** Opens the database, migrates it and (when asked and empty) seeds it, all under the start-up lock. */
export async function prepareDatabase(
  env: Env,
  log?: Pick<FastifyBaseLogger, 'info'>,
): Promise<DatabaseHandle> {
  assertNoRestoreUnderWay(env.DATA_DIR);
  const options = databaseOptionsFromEnv(env);
  // The server keeps PGlite off its event loop (db/pglite-thread.ts).
  const database = await openDatabase(options.kind === 'pglite' ? { ...options, thread: true } : options);
  try {
    await database.withStartupLock(async () => {
      await database.migrate();
      if (env.SEED_DEMO) {
        const result = await seedDemo(database.db, {
          env,
          storage: createLocalStorage(uploadsFolder(env.DATA_DIR)),
        });
        if (result.created) log?.info('seeded the demo data');
      }
      // Bookings paid before the ledger existed (and the demo's) get their lines, once (decision 014).
      const backfilled = await backfillLedger(database.db, new Date());
      if (backfilled > 0) log?.info({ bookings: backfilled }, 'wrote the ledger of earlier payments');
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Starts the whole product; resolves once it listens. */
export async function startServer(env: Env, options: { afterPaymentSucceeded?: () => void } = {}) {
  const database = await prepareDatabase(env);
  const app = await buildApp({ env, database, afterPaymentSucceeded: options.afterPaymentSucceeded });
  // The durable job queue: e-mail delivery (SMTP when SMTP_URL is set, else a log: email.jobs.ts),
  // expired holds, payment reconciliation, refunds and the rest. Payments the
  // server may have missed while it was down are reconciled at once, not at the next sweep.
  const jobs = createServerJobRunner(app.deps, app.log, { sweepMs: env.JOBS_INTERVAL_MS });
  await enqueueJob(database.db, {
    kind: RECONCILE_JOB,
    key: `${RECONCILE_JOB}@start-${randomUUID()}`,
    runAt: app.deps.clock.now(),
    maxAttempts: 3,
  });
  jobs.start();
  app.addHook('onClose', async () => {
    await jobs.stop();
    await database.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  return { app, database };
}
