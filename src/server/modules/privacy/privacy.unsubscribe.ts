import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ConsentSource, Unsubscribed } from '../../../shared/contract/privacy';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { appLink } from '../email/email.templates';
import { redactAddress } from '../email/email.transport';
import {
  findUserEmail,
  insertConsentEvent,
  serverSecret,
  withdrawPromotionalConsent,
} from './privacy.consent.repository';
import { privacyErrors } from './privacy.errors';

/**
 * One-click unsubscribe (CASL, RFC 8058; docs/product.md §15). A promotional e-mail's link carries
 * `{userId}.{HMAC-SHA256(key, "unsubscribe:promotional:{userId}")}`: it works without signing in, for
 * as long as the account exists, and any change to it is refused. The key is a server secret made once
 * and kept in the database (privacy.consent.repository.ts `serverSecret`).
 */

const KEY_NAME = 'unsubscribe-hmac';
const TOKEN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;
const keys = new WeakMap<object, Promise<string>>();

/** The signing key, read once per database (every process reads the same row). */
export function unsubscribeKey(db: Executor): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, KEY_NAME);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: string, userId: number) =>
  createHmac('sha256', key).update(`unsubscribe:promotional:${userId}`).digest('base64url');

export async function unsubscribeToken(db: Executor, userId: number): Promise<string> {
  return unsubscribeTokenWith(await unsubscribeKey(db), userId);
}

/** The token with a key already read (a send reads it once, before its transaction). */
export function unsubscribeTokenWith(key: string, userId: number): string {
  return `${userId}.${mac(key, userId)}`;
}

/** The account a token is for, or null when it was not made by this server (or was changed). */
export async function verifyUnsubscribeToken(db: Executor, token: string): Promise<number | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (userId > 2_147_483_647) return null;
  const expected = Buffer.from(mac(await unsubscribeKey(db), userId));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** The page a person opens, and the address a mail client posts to for one-click unsubscribe. */
export function unsubscribeLinks(publicUrl: string, token: string) {
  return {
    page: appLink(publicUrl, '/unsubscribe', { token }),
    oneClick: appLink(publicUrl, '/api/unsubscribe', { token }),
  };
}

/** The headers of a promotional e-mail (RFC 2369 and RFC 8058). */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * Turns promotional e-mail off at once for the token's account and records it with its source. A
 * second use answers the same; a token whose account was deleted answers as done (nothing is sent).
 */
export async function unsubscribe(
  deps: { db: Database; clock: Clock },
  token: string | undefined,
  source: Extract<ConsentSource, 'unsubscribe_link' | 'one_click_unsubscribe'>,
): Promise<Unsubscribed> {
  const userId = token ? await verifyUnsubscribeToken(deps.db, token) : null;
  if (userId === null) throw privacyErrors.unsubscribeLinkInvalid();
  const now = deps.clock.now();
  const email = await deps.db.transaction(async (tx) => {
    if (await withdrawPromotionalConsent(tx, userId, now))
      await insertConsentEvent(tx, { userId, topic: 'promotional', granted: false, source, at: now });
    return findUserEmail(tx, userId);
  });
  return {
    message: 'You are unsubscribed: Trillium will not send you promotional e-mails any more.',
    email: email ? redactAddress(email) : null,
  };
}
