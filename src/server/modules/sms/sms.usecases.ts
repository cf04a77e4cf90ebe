import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { smsErrors } from './sms.errors';
import { optInNumber, optOutNumber, turnSmsOffFor } from './sms.repository';
import { toE164, twilioSettings, validTwilioSignature } from './sms.twilio';

/** Replies that mean "stop texting me" (Twilio's own list of opt-out keywords). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
/** Replies that mean "you may text me again" (Twilio's opt-in keywords; it lifts its own block too). */
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

/**
 * Twilio tells us about a reply (docs/product.md §10). Only calls signed with our Twilio auth token are
 * believed; a STOP reply turns SMS Notifications off for every account with that number.
 */
export async function receiveSmsReply(
  deps: { db: Database; clock: Clock; env: Env },
  input: { params: Record<string, string>; signature: string | undefined },
): Promise<void> {
  const settings = twilioSettings(deps.env);
  if (!settings) throw smsErrors.notConfigured();
  const url = `${deps.env.PUBLIC_URL}/api/sms/webhook`;
  if (!validTwilioSignature(settings.TWILIO_AUTH_TOKEN, url, input.params, input.signature))
    throw smsErrors.badSignature();
  const from = toE164(input.params.From);
  const word = (input.params.Body ?? '').trim().toUpperCase();
  if (!from) return;
  // The number is listed whoever's it is (a booking's phone may be on no account), and every account
  // with it turns texts off. START lifts the number's block; the accounts' setting stays as it is.
  if (STOP_WORDS.has(word))
    await deps.db.transaction(async (tx) => {
      await optOutNumber(tx, from, deps.clock.now());
      await turnSmsOffFor(tx, from, deps.clock.now());
    });
  else if (START_WORDS.has(word)) await optInNumber(deps.db, from);
}
