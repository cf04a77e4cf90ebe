import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { DatabaseHandle, Executor } from './db/client';
import type { Env } from './env';
import type { FileStorage } from './modules/applications/storage';
import type { CatalogCache } from './modules/catalog/catalog.cache';
import type { PayoutProcessor } from './modules/earnings/earnings.processor';
import type { PaymentProcessor } from './modules/payments/payments.processor';

/**
 * What every module receives: the database, the clock, the settings and the services behind
 * interfaces. `app.ts` (the composition root) fills it; modules import only this type, never `app.ts`.
 */
export type AppDeps = {
  env: Env;
  database: DatabaseHandle;
  db: Executor;
  clock: Clock;
  catalogCache: CatalogCache;
  payments: PaymentProcessor;
  /** Sends partners their payouts: the sandbox, or Stripe Connect (docs/decisions/014). */
  payouts: PayoutProcessor;
  /** Uploaded files (DATA_DIR/uploads by default). */
  storage: FileStorage;
  /** The server's log, for work whose failure must not stop a request but must not vanish either. */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Tests only: runs right after the processor said a payment succeeded (the crash test dies there). */
  afterPaymentSucceeded?: () => void;
};
