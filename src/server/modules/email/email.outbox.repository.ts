import { enqueueJob, recordDeadJob } from '../jobs/jobs.repository';
import { type OutboxAttachment, redactAddress, redactAddresses } from './email.transport';
import { and, asc, count, eq, gt, or, sql } from 'drizzle-orm';
import { type Executor, preparedPer, queryRows } from '../../db/client';
import { type EmailSendCondition, emailOutbox, users } from '../../db/schema';
import { isLocale, type Locale } from '../../../shared/i18n/locales';

export type { EmailSendCondition };

/** The only file that touches `email_outbox`. */

export type EmailKind =
  | 'password_reset'
  | 'email_verification'
  | 'booking_confirmation'
  | 'booking_cancelled'
  | 'partner_booking_confirmed'
  | 'partner_booking_cancelled'
  | 'booking_rescheduled'
  | 'booking_no_show'
  | 'booking_dispute'
  | 'booking_reminder'
  | 'booking_review_prompt'
  | 'review_moderated'
  | 'application_decision'
  | 'support_request'
  | 'test'
  | 'password_changed'
  | 'email_change_confirm'
  | 'email_change_notice'
  | 'promotional'
  | 'account_deleted';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: EmailKind;
  /** Files sent with it (a booking's calendar entry), or drawn when it is sent (its receipt). */
  attachments?: OutboxAttachment[];
  /** Extra header lines (List-Unsubscribe, List-Unsubscribe-Post on promotional e-mails). */
  headers?: Record<string, string>;
  /** Erase the address, subject and body once sent (the goodbye of a deleted account, docs/product.md §15). */
  eraseAfterSend?: boolean;
  /**
   * The same e-mail in each language (every template gives them): the one in the recipient's language
   * is sent (docs/decisions/013-english-and-french.md).
   */
  localized?: Record<Locale, { subject: string; text: string; html: string }>;
  /**
   * What must still hold when it leaves (a reminder's booking still confirmed at that time), checked
   * again by the worker since an outage may delay it; a message that no longer holds is skipped.
   */
  sendIf?: EmailSendCondition;
  /**
   * The account the message is about, when the address may not be (yet) that account's: the
   * confirmation sent to the address a person is moving to, a booking's e-mails to its customer (who
   * may have typed another address). Its language is the message's. Otherwise the account that has the
   * address now.
   */
  ownerId?: number | null;
};

/**
 * The language a message is written in: the account it is about (`ownerId`: a booking's customer, who
 * may have typed another address in the booking form; the account moving to a new address), else the
 * account that has the address, else English.
 */
export async function recipientLocale(
  db: Executor,
  recipient: { to: string; ownerId?: number | null },
): Promise<Locale> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(
      recipient.ownerId
        ? eq(users.id, recipient.ownerId)
        : sql`lower(${users.email}) = lower(${recipient.to})`,
    )
    .limit(1);
  if (isLocale(row?.language)) return row.language;
  return recipient.ownerId ? recipientLocale(db, { to: recipient.to }) : 'en';
}

/**
 * Addresses that can never receive mail: the reserved `.invalid` domain (RFC 2606), which is what an
 * erased person's bookings keep in place of their address (docs/product.md §15).
 */
export function isUndeliverable(address: string): boolean {
  return /\.invalid$/i.test(address.trim());
}

export type ClaimedEmail = OutgoingEmail & {
  id: number;
  /** The attempt this claim is (1 for the first); also the fencing token for markSent/markFailed. */
  attempt: number;
};

/**
 * Writes a message to the outbox. Pass the caller's transaction so the message commits (or rolls
 * back) with the change that causes it. `now` (the caller's clock) makes it due at once. A message to
 * an undeliverable address (an erased person's) is not written: the answer's id is then 0. It goes in
 * the recipient's language: `locale` when given, else their account's, else English.
 */
export async function enqueueEmail(
  db: Executor,
  outgoing: OutgoingEmail,
  options: { now?: Date; locale?: Locale } = {},
): Promise<{ id: number }> {
  if (isUndeliverable(outgoing.to)) return { id: 0 };
  // The top-level subject and bodies are the English e-mail (as a caller may have adjusted them).
  const { localized, ...rest } = outgoing;
  const locale = localized ? (options.locale ?? (await recipientLocale(db, outgoing))) : 'en';
  const message = localized && locale !== 'en' ? { ...rest, ...localized[locale] } : rest;
  const [row] = await outboxInsert(db).execute({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    kind: message.kind,
    attachments: message.attachments ?? [],
    headers: message.headers ?? {},
    eraseAfterSend: message.eraseAfterSend ?? false,
    sendIf: message.sendIf ?? null,
    ownerId: message.ownerId ?? null,
    // Without the caller's clock, the database's: due now.
    now: options.now?.toISOString() ?? null,
  });
  if (!row) throw new Error('email outbox insert returned no row');
  // Delivered by the job queue, which commits (or not) with the message (email.jobs.ts).
  await enqueueJob(db, {
    kind: 'email.deliver',
    key: `email.deliver:${row.id}`,
    payload: { emailId: row.id },
    runAt: options.now ?? new Date(),
    maxAttempts: 3,
  });
  return row;
}

// Prepared (db/client.ts, preparedPer): most requests that change something write an e-mail.
const outboxInsert = preparedPer((db) => {
  const due = sql`coalesce(${sql.placeholder('now')}::timestamptz, now())`;
  return db
    .insert(emailOutbox)
    .values({
      toAddress: sql.placeholder('toAddress'),
      subject: sql.placeholder('subject'),
      textBody: sql.placeholder('textBody'),
      htmlBody: sql.placeholder('htmlBody'),
      kind: sql.placeholder('kind'),
      attachments: sql.placeholder('attachments'),
      headers: sql.placeholder('headers'),
      eraseAfterSend: sql.placeholder('eraseAfterSend'),
      sendIf: sql.placeholder('sendIf'),
      // Whose message this is: the account that has the address now (the export lists by it, §15).
      userId: sql`coalesce(${sql.placeholder('ownerId')}::int,
        (select u.id from users u where lower(u.email) = lower(${sql.placeholder('toAddress')})))`,
      nextAttemptAt: due,
      createdAt: due,
    })
    .returning({ id: emailOutbox.id })
    .prepare('enqueue_email');
});

type ClaimedRow = {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: EmailKind;
  attachments: OutboxAttachment[] | string | null;
  headers: Record<string, string> | string | null;
  send_if: EmailSendCondition | string | null;
  attempts: number;
};

/**
 * Atomically claims up to `limit` due messages for one worker: pending ones whose time has come and
 * `sending` ones whose lock expired (a worker died mid-send). Rows another worker holds are skipped,
 * so two workers never claim the same message.
 */
export async function claimDueEmails(
  db: Executor,
  input: { now: Date; lockedUntil: Date; limit: number },
): Promise<ClaimedEmail[]> {
  const now = input.now.toISOString();
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`update email_outbox
        set status = 'sending', locked_until = ${input.lockedUntil.toISOString()}::timestamptz,
            attempts = attempts + 1
        where id in (
          select id from email_outbox
          where (status = 'pending' and next_attempt_at <= ${now}::timestamptz)
             or (status = 'sending' and locked_until < ${now}::timestamptz)
          order by id
          limit ${input.limit}
          for update skip locked
        )
        returning id, to_address, subject, text_body, html_body, kind, attachments, headers, send_if, attempts`,
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      kind: row.kind,
      attachments:
        typeof row.attachments === 'string' ? JSON.parse(row.attachments) : (row.attachments ?? []),
      headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : (row.headers ?? {}),
      sendIf: (typeof row.send_if === 'string' ? JSON.parse(row.send_if) : row.send_if) ?? undefined,
      attempt: Number(row.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/** What a message marked erase-after-send keeps once it has left: its kind and times, nothing of the person. */
const erasedAfterSend = {
  toAddress: sql`case when ${emailOutbox.eraseAfterSend} then 'erased' else ${emailOutbox.toAddress} end`,
  subject: sql`case when ${emailOutbox.eraseAfterSend} then 'erased' else ${emailOutbox.subject} end`,
  textBody: sql`case when ${emailOutbox.eraseAfterSend} then '' else ${emailOutbox.textBody} end`,
  htmlBody: sql`case when ${emailOutbox.eraseAfterSend} then '' else ${emailOutbox.htmlBody} end`,
};

/**
 * Records that a message was not sent because its condition no longer holds (the reminder of a booking
 * cancelled or moved meanwhile); only while this claim still holds the row. Final, like `sent`.
 */
export async function markSkipped(db: Executor, claim: { id: number; attempt: number }, reason: string) {
  await db
    .update(emailOutbox)
    .set({ status: 'skipped', lockedUntil: null, lastError: reason, ...erasedAfterSend })
    .where(ownedBy(claim));
}

/** Records a delivery; only while this claim still holds the row. */
export async function markSent(db: Executor, claim: { id: number; attempt: number }, sentAt: Date) {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt, lockedUntil: null, lastError: null, ...erasedAfterSend })
    .where(ownedBy(claim));
}

/**
 * Erases every message of a deleted account (docs/product.md §15), whatever its state: those written
 * to it (at any address it had) and any to its address.
 */
export async function deleteEmailsOf(db: Executor, account: { id: number; email: string }): Promise<number> {
  const rows = await db
    .delete(emailOutbox)
    .where(
      or(eq(emailOutbox.userId, account.id), sql`lower(${emailOutbox.toAddress}) = lower(${account.email})`),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/**
 * The messages written to an account (to the address it had then), for the person's own data export (no
 * bodies: they hold expired links). By account, not by address: an address someone moved away from
 * may be someone else's now (docs/product.md §15).
 */
export async function listEmailsOf(db: Executor, userId: number) {
  return db
    .select({
      kind: emailOutbox.kind,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.userId, userId))
    .orderBy(asc(emailOutbox.id));
}

/**
 * Records a failed attempt: back to pending until `nextAttemptAt`, or `failed` for good when
 * `nextAttemptAt` is null (attempts exhausted). `error` must already be free of secrets.
 */
export async function markFailed(
  db: Executor,
  claim: { id: number; attempt: number },
  input: { error: string; nextAttemptAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set(
      input.nextAttemptAt
        ? { status: 'pending', nextAttemptAt: input.nextAttemptAt, lockedUntil: null, lastError: input.error }
        : { status: 'failed', lockedUntil: null, lastError: input.error, ...erasedAfterSend },
    )
    .where(ownedBy(claim))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/** The job kind that delivers the outbox (email.jobs.ts; named here to keep the imports one way). */
const DELIVER_JOB = 'email.deliver';

/**
 * The last attempt failed: the message is `failed` for good and, in the same transaction, a dead
 * `email.deliver` job says so on the admins' queue (docs/decisions/005-job-queue.md): its error names
 * the kind and a redacted recipient, never the subject, body or links; Retry re-queues the message.
 */
export async function giveUpEmail(
  db: Executor,
  claim: { id: number; attempt: number; kind: EmailKind; to: string },
  input: { error: string; now: Date },
) {
  await db.transaction(async (tx) => {
    if (!(await markFailed(tx, claim, { error: input.error, nextAttemptAt: null }))) return;
    await recordDeadJob(tx, {
      kind: DELIVER_JOB,
      key: `${DELIVER_JOB}:${claim.id}:failed`,
      payload: { emailId: claim.id, requeue: true },
      attempts: claim.attempt,
      error: `${claim.kind} e-mail to ${redactAddress(claim.to)}: ${redactAddresses(input.error)}`,
      now: input.now,
    });
  });
}

/** A message that failed for good is due again from its first attempt (the admin's Retry). */
export async function requeueFailedEmail(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/** Gives back a claimed message that was not tried (worker stopping): no attempt is counted. */
export async function releaseClaim(db: Executor, claim: { id: number; attempt: number }) {
  await db
    .update(emailOutbox)
    .set({ status: 'pending', lockedUntil: null, attempts: sql`${emailOutbox.attempts} - 1` })
    .where(ownedBy(claim));
}

function ownedBy(claim: { id: number; attempt: number }) {
  return and(
    eq(emailOutbox.id, claim.id),
    eq(emailOutbox.status, 'sending'),
    eq(emailOutbox.attempts, claim.attempt),
  );
}

/** For the development log: pending messages written after `afterId`, oldest first. */
export async function listPendingEmailsAfter(db: Executor, afterId: number, limit: number) {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      kind: emailOutbox.kind,
    })
    .from(emailOutbox)
    .where(and(gt(emailOutbox.id, afterId), eq(emailOutbox.status, 'pending')))
    .orderBy(asc(emailOutbox.id))
    .limit(limit);
}

/** The highest id and the number of pending messages (start-up summary of the development log). */
export async function outboxSummary(db: Executor): Promise<{ lastId: number; pending: number }> {
  const [row] = await db
    .select({
      lastId: sql<number>`coalesce(max(${emailOutbox.id}), 0)`.mapWith(Number),
      pending: count(sql`case when ${emailOutbox.status} = 'pending' then 1 end`),
    })
    .from(emailOutbox);
  return { lastId: row?.lastId ?? 0, pending: row?.pending ?? 0 };
}
