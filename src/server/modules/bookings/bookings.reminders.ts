import { canTransition } from '../../../shared/domain/booking-lifecycle';
import {
  type CancellationPolicy,
  type RefundQuote,
  refundPreviewParts,
  refundQuote,
} from '../../../shared/domain/cancellation-policy';
import { formatCents } from '../../../shared/domain/money';
import type { Locale } from '../../../shared/i18n/locales';
import { emailText } from '../../i18n/server-i18n';
import type { Executor } from '../../db/client';
import { findPreferences } from '../account/account.repository';
import { enqueueEmail } from '../email/email.outbox.repository';
import { appLink, formatTorontoDateTime } from '../email/email.templates';
import { bookingReminderEmail, reviewPromptEmail } from '../email/email.templates-reminders';
import { enqueueJob } from '../jobs/jobs.repository';
import { enqueueSms } from '../sms/sms.jobs';
import { findUserTextContact, isOptedOut } from '../sms/sms.repository';
import { toE164 } from '../sms/sms.twilio';
import type { JobHandlers, JobResult } from '../jobs/jobs.runner';
import { hasEvent, insertEvent } from './bookings.events.repository';
import { summaryOf } from './bookings.notices';
import { type BookingRow, findBookingById, findProviderBasics } from './bookings.repository';
import type { BookingDeps } from './bookings.usecases';

/**
 * Reminders 24 hours and 2 hours before a confirmed booking, and one "How was it?" after it completes
 * (docs/product.md §10). Each is a job queued with the change that calls for it, keyed by the booking
 * and its start: a moved booking gets new jobs and the old ones find the start changed and skip; a
 * cancelled or completed one skips; a reminder whose moment passed while the server was away is
 * dropped, not sent late. The booking's row lock and a history mark make each e-mail go out once,
 * also with several server processes.
 */

export const REMINDER_JOB = 'bookings.reminder';
export const REVIEW_PROMPT_JOB = 'bookings.review-prompt';

const HOUR = 3_600_000;
export const REMINDER_LEADS = [
  { name: '24h', ms: 24 * HOUR, when: 'tomorrow' },
  { name: '2h', ms: 2 * HOUR, when: 'in 2 hours' },
] as const;
type Lead = (typeof REMINDER_LEADS)[number]['name'];

/** Queues the reminders of a booking at its (new) start; none whose moment has already passed. */
export async function scheduleReminders(tx: Executor, booking: BookingRow, now: Date) {
  const startsAt = booking.serviceDate.toISOString();
  for (const lead of REMINDER_LEADS) {
    const runAt = new Date(booking.serviceDate.getTime() - lead.ms);
    if (runAt.getTime() <= now.getTime()) continue;
    await enqueueJob(tx, {
      kind: REMINDER_JOB,
      key: `${REMINDER_JOB}:${booking.id}:${lead.name}:${startsAt}`,
      payload: { bookingId: booking.id, lead: lead.name, startsAt },
      runAt,
      maxAttempts: 4,
    });
  }
}

/** Queues the "How was it?" e-mail of a booking that just completed. */
export async function scheduleReviewPrompt(tx: Executor, booking: BookingRow, now: Date) {
  await enqueueJob(tx, {
    kind: REVIEW_PROMPT_JOB,
    key: `${REVIEW_PROMPT_JOB}:${booking.id}`,
    payload: { bookingId: booking.id },
    runAt: now,
    maxAttempts: 4,
  });
}

/** Whether the customer wants booking e-mails (Settings, Email Notifications). */
async function wantsEmail(tx: Executor, booking: BookingRow) {
  return booking.customerId === null || (await findPreferences(tx, booking.customerId)).email !== false;
}

/** Which reminder of which booking: a reminder job's payload, and a reminder text's (`enqueueSms`). */
export type ReminderRef = { bookingId: number; lead: string; startsAt: string };

/**
 * Why a reminder must not go out now, or null: the booking is no longer confirmed, was moved, or the
 * moment passed (due while the server was away: dropped, not sent late). Checked when the reminder is
 * written and again when its text is sent, which a Twilio outage may delay (docs/product.md §10).
 */
function reminderSkipReason(booking: BookingRow | undefined, ref: ReminderRef, now: Date): string | null {
  const lead = REMINDER_LEADS.find((l) => l.name === ref.lead);
  if (!lead) return 'unknown reminder';
  if (booking?.status !== 'confirmed') return 'the booking is not confirmed any more';
  if (booking.serviceDate.toISOString() !== ref.startsAt) return 'the booking was moved';
  if (now.getTime() >= booking.serviceDate.getTime() - lead.ms / 2) return 'too late for this reminder';
  return null;
}

/**
 * Why a reminder's queued text or e-mail must not be sent now (also: the customer turned that channel
 * off since), or null. Both wait in queues an outage (Twilio's, the SMTP server's) may hold for hours.
 */
export async function queuedReminderSkipReason(
  db: Executor,
  channel: 'sms' | 'email',
  ref: ReminderRef,
  now: Date,
  /** A text's number, as queued: it must still be the one the customer is texted at, and not opted out. */
  textedAt?: string,
): Promise<string | null> {
  const booking = await findBookingById(db, Number(ref.bookingId));
  const reason = reminderSkipReason(booking, ref, now);
  if (reason || !booking?.customerId) return reason;
  if ((await findPreferences(db, booking.customerId))[channel] === false)
    return `the customer turned ${channel === 'sms' ? 'texts' : 'e-mails'} off`;
  if (channel === 'email' || textedAt === undefined) return null;
  // The old number may be someone else's by now; a STOP may have come from it meanwhile.
  const account = await findUserTextContact(db, booking.customerId);
  if (toE164(booking.customerPhone ?? account.phone) !== textedAt) return 'the number changed since';
  return (await isOptedOut(db, textedAt)) ? 'the number replied STOP' : null;
}

async function sendReminder(
  deps: BookingDeps,
  payload: Record<string, unknown>,
  now: Date,
): Promise<JobResult> {
  const lead = REMINDER_LEADS.find((l) => l.name === payload.lead);
  if (!lead) return { skipped: 'unknown reminder' };
  const ref: ReminderRef = {
    bookingId: Number(payload.bookingId),
    lead: lead.name,
    startsAt: String(payload.startsAt),
  };
  return deps.db.transaction(async (tx): Promise<JobResult> => {
    const booking = await findBookingById(tx, ref.bookingId, { forUpdate: true });
    const skip = reminderSkipReason(booking, ref, now);
    if (skip || !booking) return { skipped: skip ?? 'no such booking' };
    const details = { lead: lead.name as Lead, startsAt: String(payload.startsAt) };
    if (await hasEvent(tx, booking.id, 'reminded', details)) return { skipped: 'already sent' };
    // Settings, Email Notifications and SMS Notifications; a text needs a phone number.
    const preferences = booking.customerId === null ? null : await findPreferences(tx, booking.customerId);
    const account = booking.customerId === null ? null : await findUserTextContact(tx, booking.customerId);
    const phone = toE164(booking.customerPhone ?? account?.phone ?? null);
    const byEmail = preferences?.email !== false;
    const bySms =
      preferences !== null && preferences.sms !== false && phone !== null && !(await isOptedOut(tx, phone));
    if (!byEmail && !bySms) return { skipped: 'the customer turned reminders off' };
    const provider = await findProviderBasics(tx, booking.providerId);
    const providerName = provider?.name ?? 'your provider';
    const facts = { ...booking, paidAt: booking.confirmedAt };
    const canCancel = canTransition('cancel', facts, 'customer', now);
    const quote = refundQuote({
      policy: booking.cancellationPolicy,
      totalCents: booking.totalCents,
      startsAt: booking.serviceDate,
      paidAt: booking.confirmedAt,
      now,
      by: 'customer',
    });
    if (byEmail)
      await enqueueEmail(
        tx,
        {
          to: booking.customerEmail,
          ownerId: booking.customerId,
          kind: 'booking_reminder',
          sendIf: { reminder: ref },
          ...bookingReminderEmail({
            publicUrl: deps.env.PUBLIC_URL,
            booking: summaryOf(booking, providerName),
            when: lead.when,
            place: booking.location ?? provider?.location ?? 'See the booking',
            refundNow: canCancel
              ? (locale) => refundSentence(locale, booking.cancellationPolicy, quote)
              : null,
            canReschedule: canTransition('reschedule', facts, 'customer', now),
          }),
        },
        { now },
      );
    if (bySms)
      await enqueueSms(tx, {
        key: `reminder:${booking.id}:${lead.name}:${details.startsAt}`,
        reminder: ref,
        to: phone!,
        body: reminderText(account?.language ?? 'en', {
          service: booking.serviceTitle,
          provider: providerName,
          lead: lead.name,
          startsAt: booking.serviceDate,
          publicUrl: deps.env.PUBLIC_URL,
        }),
        locale: account?.language ?? 'en',
        now,
      });
    await insertEvent(tx, { bookingId: booking.id, kind: 'reminded', actor: 'system', details, at: now });
    return undefined;
  });
}

/** A reminder text in the customer's language (docs/decisions/013-english-and-french.md). */
function reminderText(
  locale: Locale,
  input: { service: string; provider: string; lead: string; startsAt: Date; publicUrl: string },
) {
  return emailText(locale, 'sms.reminder', {
    service: input.service,
    provider: input.provider,
    lead: emailText(locale, input.lead === '2h' ? 'reminder.in2h' : 'reminder.tomorrow'),
    when: formatTorontoDateTime(input.startsAt, locale),
    link: appLink(input.publicUrl, '/bookings', {}, locale),
  });
}

async function sendReviewPrompt(
  deps: BookingDeps,
  payload: Record<string, unknown>,
  now: Date,
): Promise<JobResult> {
  return deps.db.transaction(async (tx): Promise<JobResult> => {
    const booking = await findBookingById(tx, Number(payload.bookingId), { forUpdate: true });
    if (booking?.status !== 'completed') return { skipped: 'the booking is not completed' };
    if (await hasEvent(tx, booking.id, 'review_prompted', {})) return { skipped: 'already sent' };
    if (!(await wantsEmail(tx, booking))) return { skipped: 'the customer turned e-mails off' };
    const provider = await findProviderBasics(tx, booking.providerId);
    await enqueueEmail(
      tx,
      {
        to: booking.customerEmail,
        ownerId: booking.customerId,
        kind: 'booking_review_prompt',
        ...reviewPromptEmail({
          publicUrl: deps.env.PUBLIC_URL,
          booking: summaryOf(booking, provider?.name ?? 'your provider'),
          bookingId: booking.id,
        }),
      },
      { now },
    );
    await insertEvent(tx, { bookingId: booking.id, kind: 'review_prompted', actor: 'system', at: now });
    return undefined;
  });
}

export function reminderJobHandlers(deps: BookingDeps): JobHandlers {
  return {
    [REMINDER_JOB]: (payload, { now }) => sendReminder(deps, payload, now),
    [REVIEW_PROMPT_JOB]: (payload, { now }) => sendReviewPrompt(deps, payload, now),
  };
}

/**
 * What cancelling now gives back, and why, in one sentence in the e-mail's language (the English one is
 * shared/domain/cancellation-policy.ts's refundPreview, word for word).
 */
function refundSentence(
  locale: Locale,
  policy: CancellationPolicy,
  quote: Pick<RefundQuote, 'percent' | 'amountCents' | 'reason'>,
): string {
  const amount = formatCents(quote.amountCents, locale);
  const parts = refundPreviewParts(policy, quote);
  if (parts.kind === 'grace') return emailText(locale, 'refund.grace', { amount });
  if (parts.kind === 'not_customer') return emailText(locale, 'refund.full', { amount });
  const { side, count, unit } = parts;
  return parts.kind === 'none'
    ? emailText(locale, 'refund.none', { side, count, unit, policy })
    : emailText(locale, 'refund.some', { amount, percent: quote.percent, side, count, unit });
}
