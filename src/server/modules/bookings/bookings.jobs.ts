import { and, eq, gt, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { bookings } from '../../db/schema';
import { expireStaleHolds } from './bookings.repository';
import { type BookingDeps, finalizePaidBooking } from './bookings.usecases';

/**
 * Payments the processor took but the booking never heard of (the server died between the two, or the
 * browser and the webhook both failed): ask the processor about unconfirmed holds and confirm the paid
 * ones. Safe to run in several processes at once: confirming is idempotent and locks the booking row.
 */
export async function reconcilePayments(
  deps: BookingDeps,
  { graceMs = 60_000, lookbackMs = 86_400_000 } = {},
) {
  const now = deps.clock.now();
  const candidates = await deps.db
    .select({ intentId: bookings.paymentIntentId })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, ['awaiting_payment', 'expired']),
        eq(bookings.paymentStatus, 'pending'),
        isNotNull(bookings.paymentIntentId),
        gt(bookings.createdAt, new Date(now.getTime() - lookbackMs)),
        or(lt(bookings.updatedAt, new Date(now.getTime() - graceMs)), lt(bookings.holdExpiresAt, now)),
      ),
    )
    .limit(100);
  let confirmed = 0;
  for (const { intentId } of candidates) {
    if (!intentId) continue;
    const intent = await deps.payments.retrieveIntent(intentId);
    if (intent?.status === 'succeeded') {
      await finalizePaidBooking(deps, intentId);
      confirmed++;
    }
  }
  return confirmed;
}

/** Every minute: free expired holds and reconcile payments. Returns a stop function that waits for a running pass. */
export function startBookingJobs(
  deps: BookingDeps & { log: FastifyBaseLogger },
  { intervalMs = 60_000 } = {},
) {
  let running: Promise<void> | null = null;
  let stopped = false;
  let first = true;
  const pass = async () => {
    try {
      const expired = await expireStaleHolds(deps.db, { now: deps.clock.now() });
      // The first pass after a start checks every unconfirmed payment at once: the process may have
      // died between the processor's "succeeded" and the booking's update.
      const confirmed = await reconcilePayments(deps, first ? { graceMs: 0 } : {});
      first = false;
      if (expired.length > 0 || confirmed > 0)
        deps.log.info({ expired: expired.length, confirmed }, 'booking jobs');
    } catch (error) {
      deps.log.warn({ err: error }, 'booking jobs failed; will retry');
    }
  };
  const tick = () => {
    if (stopped || running) return;
    running = pass().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
