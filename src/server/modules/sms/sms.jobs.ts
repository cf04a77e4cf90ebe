import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../../shared/i18n/locales';
import type { Executor } from '../../db/client';
import { emailText } from '../../i18n/server-i18n';
import type { Env } from '../../env';
import { enqueueJob } from '../jobs/jobs.repository';
import type { JobHandlers } from '../jobs/jobs.runner';
import { optOutNumber } from './sms.repository';
import { sendTwilioMessage, TWILIO_UNSUBSCRIBED, TwilioRefusal, twilioSettings } from './sms.twilio';

/**
 * Text messages go through the durable job queue, queued in the transaction of their cause like the
 * e-mail outbox: retried with backoff while Twilio is away, sent once per key. Without Twilio settings
 * they are logged instead of sent (docs/product.md §10).
 */

export const SMS_JOB = 'sms.send';
/**
 * Queues a text in its recipient's language; every text ends with how to stop them (the STOP keyword
 * the webhook honours is the same in both languages).
 */
export async function enqueueSms(
  tx: Executor,
  sms: {
    key: string;
    to: string;
    body: string;
    locale: Locale;
    now: Date;
    /** A booking's reminder: checked again when sent (`stillDue`), since an outage may delay it. */
    reminder?: { bookingId: number; lead: string; startsAt: string };
  },
) {
  await enqueueJob(tx, {
    kind: SMS_JOB,
    key: `${SMS_JOB}:${sms.key}`,
    payload: {
      to: sms.to,
      // Plain spaces: the GSM alphabet has no non-breaking one (a French time's, dates.ts), and a single
      // such character would send the whole text as UCS-2, 70 characters a part instead of 160.
      body: `${sms.body} ${emailText(sms.locale, 'sms.stop')}`.replace(/[\u00a0\u202f]/g, ' '),
      ...(sms.reminder ? { reminder: sms.reminder } : {}),
    },
    runAt: sms.now,
    maxAttempts: 5,
  });
}

const masked = (phone: string) => `${phone.slice(0, -4).replace(/\d/g, '•')}${phone.slice(-4)}`;

export function smsJobHandlers(deps: {
  db: Executor;
  env: Env;
  log: Pick<FastifyBaseLogger, 'info'>;
  /**
   * Why a reminder's text must not go now (the booking cancelled or moved, too late, texts turned off),
   * or null; a text retried after an outage is checked again before it is sent (docs/product.md §10).
   */
  stillDue?: (
    reminder: { bookingId: number; lead: string; startsAt: string },
    now: Date,
    to: string,
  ) => Promise<string | null>;
}): JobHandlers {
  return {
    [SMS_JOB]: async (payload, { now }) => {
      const to = String(payload.to);
      const body = String(payload.body);
      const reminder = payload.reminder as { bookingId: number; lead: string; startsAt: string } | undefined;
      if (reminder && deps.stillDue) {
        const skip = await deps.stillDue(reminder, now, to);
        if (skip) return { skipped: skip };
      }
      const settings = twilioSettings(deps.env);
      if (!settings) {
        deps.log.info({ to: masked(to), body }, 'SMS not sent: TWILIO_* is not set');
        return { skipped: 'Twilio is not configured' };
      }
      try {
        await sendTwilioMessage(settings, { to, body });
      } catch (error) {
        if (!(error instanceof TwilioRefusal)) throw error;
        // Its last word: no retry. A number that replied STOP to Twilio is one that replied to us.
        if (error.twilioCode === TWILIO_UNSUBSCRIBED) await optOutNumber(deps.db, to, now);
        return { skipped: error.message.slice(0, 200) };
      }
      return undefined;
    },
  };
}
