import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Clock, fixedClock } from '../../src/server/clock';
import { seedDemo } from '../../src/server/db/seed/demo';
import { createLocalStorage } from '../../src/server/modules/applications/storage';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import type { PayoutProcessor } from '../../src/server/modules/earnings/earnings.processor';
import { openTestDatabase } from './database';

export type TestContext = {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
  close(): Promise<void>;
};

/** The real app on a fresh database, driven through `app.inject`. */
export async function createTestApp(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    seed?: (database: DatabaseHandle) => Promise<void>;
    /** Another payout processor than the sandbox (one that refuses, or counts). */
    payouts?: PayoutProcessor;
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  if (options.seed) await options.seed(database);
  return appOn(database, options);
}

/** The real app on a database already open (and seeded); `close` closes both. */
export async function appOn(
  database: DatabaseHandle,
  options: { clock?: Clock; env?: Record<string, string>; payouts?: PayoutProcessor } = {},
): Promise<TestContext> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    CLIENT_DIST: './dist/client',
    ...options.env,
  });
  const app = await buildApp({ env, database, clock: options.clock, payouts: options.payouts });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The real app on a fresh database seeded with the demo as of `now` (its clock stands there), its
 * uploads in a data folder of its own (`dataDir`).
 */
export async function createDemoApp(now: Date, name: string): Promise<TestContext & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `trillium-${name}-`));
  const ctx = await createTestApp({
    clock: fixedClock(now),
    env: { DATA_DIR: dataDir },
    seed: async ({ db }) =>
      void (await seedDemo(db, { now, storage: createLocalStorage(path.join(dataDir, 'uploads')) })),
  });
  return { ...ctx, dataDir };
}
