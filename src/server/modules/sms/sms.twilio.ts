import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../env';

/**
 * Twilio's REST API, the one call we make (send a message) and the check of its webhook signature
 * (https://www.twilio.com/docs/usage/security#validating-requests). Plain `fetch`: the SDK would add
 * a large dependency for one POST.
 */

export type TwilioSettings = Required<Pick<Env, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM'>> &
  Pick<Env, 'TWILIO_API_BASE'>;

export function twilioSettings(env: Env): TwilioSettings | null {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) return null;
  return {
    TWILIO_ACCOUNT_SID: env.TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: env.TWILIO_AUTH_TOKEN,
    TWILIO_FROM: env.TWILIO_FROM,
    TWILIO_API_BASE: env.TWILIO_API_BASE,
  };
}

/**
 * Twilio's last word on a text: a 4xx other than 429 (a bad or unsubscribed number, a message it will
 * not carry) does not change on a retry. `twilioCode` is Twilio's own error code (21610: the number
 * replied STOP to Twilio).
 */
export class TwilioRefusal extends Error {
  constructor(
    readonly status: number,
    readonly twilioCode: number | null,
    detail: string,
  ) {
    super(`Twilio refused the text (${status}${twilioCode === null ? '' : `, ${twilioCode}`}): ${detail}`);
  }
}

/** Twilio's code for a number that has replied STOP: it refuses every text to it. */
export const TWILIO_UNSUBSCRIBED = 21610;

/** Sends one text; a final refusal throws a `TwilioRefusal`, anything else (retried) another error. */
export async function sendTwilioMessage(settings: TwilioSettings, message: { to: string; body: string }) {
  const url = `${settings.TWILIO_API_BASE.replace(/\/+$/, '')}/2010-04-01/Accounts/${settings.TWILIO_ACCOUNT_SID}/Messages.json`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${settings.TWILIO_ACCOUNT_SID}:${settings.TWILIO_AUTH_TOKEN}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ To: message.to, From: settings.TWILIO_FROM, Body: message.body }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    if (response.status >= 400 && response.status < 500 && response.status !== 429)
      throw new TwilioRefusal(response.status, twilioErrorCode(text), text);
    throw Object.assign(new Error(`Twilio answered ${response.status}: ${text}`), {
      code: `twilio_${response.status}`,
    });
  }
  return (await response.json()) as { sid?: string };
}

function twilioErrorCode(body: string): number | null {
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === 'number' ? code : null;
  } catch {
    return null;
  }
}

/** Twilio's signature of a webhook call: HMAC-SHA1 of the URL and the sorted form fields, base64. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A Canadian or US number as E.164 (`+14165550100`), or null when it is not one. A number written
 * with its country code (`+`, or the 00 / 011 of an international call) counts only when that code
 * is 1: the ten digits of `+65 9123 4567` are someone else's number in North America.
 */
export function toE164(phone: string | null | undefined): string | null {
  const written = (phone ?? '').trim();
  const digits = written.replace(/\D/g, '');
  const international = written.startsWith('+')
    ? digits
    : /^(00|011)/.test(digits) && digits.length > 11
      ? digits.replace(/^(00|011)/, '')
      : null;
  if (international !== null)
    return international.length === 11 && international.startsWith('1') ? `+${international}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}
