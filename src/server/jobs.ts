import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app-deps';
import { CLEAN_UPLOADS_JOB, uploadJobHandlers } from './modules/applications/applications.jobs';
import { CLEAN_STRAY_FILES_JOB, strayFileJobHandlers } from './modules/applications/stray-files';
import { passwordResetJobHandlers } from './modules/auth/auth.usecases';
import {
  AUTO_COMPLETE_JOB,
  bookingJobHandlers,
  EXPIRE_HOLDS_JOB,
  RECONCILE_JOB,
} from './modules/bookings/bookings.jobs';
import type { BookingDeps } from './modules/bookings/bookings.usecases';
import type { Mailer } from './modules/email/email.transport';
import { queuedReminderSkipReason, reminderJobHandlers } from './modules/bookings/bookings.reminders';
import { CLEAN_REVIEW_PHOTOS_JOB, reviewPhotoJobHandlers } from './modules/reviews/reviews.photos';
import { EMAIL_SWEEP_JOB, emailJobHandlers } from './modules/email/email.jobs';
import { drawEmailAttachment } from './modules/receipts/receipts.usecases';
import { smsJobHandlers } from './modules/sms/sms.jobs';
import { promotionalSkipReason } from './modules/privacy/privacy.promotional';
import { PAYOUT_RUN_JOB, payoutJobHandlers } from './modules/earnings/earnings.payouts';
import { payoutPeriodStart } from '../shared/domain/earnings';
import { createJobRunner, type JobHandlers, type RecurringJob } from './modules/jobs/jobs.runner';
import { HOUSEKEEPING_JOB, housekeepingHandlers } from './modules/jobs/jobs.maintenance';

const quiet = { info() {}, warn() {}, error() {} };

/**
 * The work of a booking's life after its request: its e-mails and texts, holds that lapse, payments,
 * refunds, reminders and review prompts. The demo seed runs these alone, under its own clock and
 * `mailer` (db/seed/demo-bookings.ts).
 */
export function bookingLifeJobHandlers(
  deps: BookingDeps,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> = quiet,
  options: { mailer?: Mailer } = {},
): JobHandlers {
  return {
    ...emailJobHandlers({
      db: deps.db,
      env: deps.env,
      clock: deps.clock,
      log,
      mailer: options.mailer,
      drawAttachment: (ref) => drawEmailAttachment(deps.db, ref, log),
      stillDue: (condition, now) =>
        'reminder' in condition
          ? queuedReminderSkipReason(deps.db, 'email', condition.reminder, now)
          : promotionalSkipReason(deps.db, condition.promotional.userId),
    }),
    ...smsJobHandlers({
      db: deps.db,
      env: deps.env,
      log,
      stillDue: (reminder, now, to) => queuedReminderSkipReason(deps.db, 'sms', reminder, now, to),
    }),
    ...bookingJobHandlers(deps),
    ...reminderJobHandlers(deps),
  };
}

/** Every kind of background work the server does, by the module that owns it. */
export function allJobHandlers(
  deps: AppDeps,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> = quiet,
): JobHandlers {
  return {
    ...bookingLifeJobHandlers(deps, log),
    ...passwordResetJobHandlers(deps),
    ...housekeepingHandlers(deps),
    ...uploadJobHandlers(deps),
    ...strayFileJobHandlers(deps),
    ...reviewPhotoJobHandlers(deps),
    ...payoutJobHandlers({ db: deps.db, clock: deps.clock, payouts: deps.payouts, log }),
  };
}

/** The sweeps that run on a schedule, once per period across all processes. */
export function recurringJobs(sweepMs: number): RecurringJob[] {
  return [
    { kind: EXPIRE_HOLDS_JOB, everyMs: sweepMs },
    { kind: RECONCILE_JOB, everyMs: sweepMs },
    { kind: EMAIL_SWEEP_JOB, everyMs: sweepMs },
    { kind: AUTO_COMPLETE_JOB, everyMs: Math.max(sweepMs, 5 * 60_000) },
    { kind: HOUSEKEEPING_JOB, everyMs: 3_600_000 },
    { kind: CLEAN_UPLOADS_JOB, everyMs: 3_600_000 },
    { kind: CLEAN_STRAY_FILES_JOB, everyMs: 6 * 3_600_000 },
    { kind: CLEAN_REVIEW_PHOTOS_JOB, everyMs: 3_600_000 },
    // Weekly payouts, Monday 9:00 Toronto time (docs/decisions/014-earnings-ledger-and-payouts.md).
    { kind: PAYOUT_RUN_JOB, everyMs: 7 * 86_400_000, periodStart: payoutPeriodStart },
  ];
}

/** The queue runner of one server process. */
export function createServerJobRunner(deps: AppDeps, log: FastifyBaseLogger, options: { sweepMs: number }) {
  return createJobRunner({
    db: deps.db,
    clock: deps.clock,
    log,
    handlers: allJobHandlers(deps, log),
    recurring: recurringJobs(options.sweepMs),
  });
}
