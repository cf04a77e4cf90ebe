import { loadEnv } from '../../src/server/env';
import { startServer } from '../../src/server/server';

/**
 * The server as `main.ts` starts it, with one fault injected: the process dies (SIGKILL) right after
 * the card processor said a payment succeeded, before the booking hears of it. Started by the fault
 * tests as its own process; production code has no such switch.
 */
await startServer(loadEnv(), {
  afterPaymentSucceeded: () => process.kill(process.pid, 'SIGKILL'),
});
