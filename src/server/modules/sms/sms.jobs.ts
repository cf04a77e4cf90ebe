import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../../shared/i18n/locales';
import type { Executor } from '../../db/client';
import { emailText } from '../../i18n/server-i18n';
import type { Env } from '../../env';
import { enqueueJob } from '../jobs/jobs.repository';
import type { JobHandlers } from '../jobs/jobs.runner';
import { sendTwilioMessage, twilioSettings } from './sms.twilio';

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
  sms: { key: string; to: string; body: string; locale: Locale; now: Date },
) {
  await enqueueJob(tx, {
    kind: SMS_JOB,
    key: `${SMS_JOB}:${sms.key}`,
    payload: { to: sms.to, body: `${sms.body} ${emailText(sms.locale, 'sms.stop')}` },
    runAt: sms.now,
    maxAttempts: 5,
  });
}

const masked = (phone: string) => `${phone.slice(0, -4).replace(/\d/g, '•')}${phone.slice(-4)}`;

export function smsJobHandlers(deps: { env: Env; log: Pick<FastifyBaseLogger, 'info'> }): JobHandlers {
  return {
    [SMS_JOB]: async (payload) => {
      const to = String(payload.to);
      const body = String(payload.body);
      const settings = twilioSettings(deps.env);
      if (!settings) {
        deps.log.info({ to: masked(to), body }, 'SMS not sent: TWILIO_* is not set');
        return { skipped: 'Twilio is not configured' };
      }
      await sendTwilioMessage(settings, { to, body });
      return undefined;
    },
  };
}
