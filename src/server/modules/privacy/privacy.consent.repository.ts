import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  type ConsentSource,
  type ConsentTopic,
  consentEvents,
  promotionalEmails,
  promotions,
  serverSecrets,
  users,
} from '../../db/schema';

/** The consent history, the server's signing secret and promotional e-mails (docs/product.md §15). */

export async function insertConsentEvent(
  db: Executor,
  input: { userId: number; topic: ConsentTopic; granted: boolean; source: ConsentSource; at: Date },
) {
  await db.insert(consentEvents).values({
    userId: input.userId,
    topic: input.topic,
    granted: input.granted,
    source: input.source,
    createdAt: input.at,
  });
}

export async function listConsentEvents(db: Executor, userId: number) {
  return db
    .select({
      topic: consentEvents.topic,
      granted: consentEvents.granted,
      source: consentEvents.source,
      at: consentEvents.createdAt,
    })
    .from(consentEvents)
    .where(eq(consentEvents.userId, userId))
    .orderBy(asc(consentEvents.createdAt), asc(consentEvents.id));
}

/** The account's promotional consent, read under the row's lock so two changes record in order. */
export async function lockPromotionalConsent(db: Executor, userId: number): Promise<boolean | undefined> {
  const [row] = await db
    .select({ promotional: sql<boolean>`coalesce((${users.preferences}->>'promotional')::boolean, false)` })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.promotional;
}

/** Turns promotional e-mail off; answers whether it was on (and so whether anything changed). */
export async function withdrawPromotionalConsent(db: Executor, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      preferences: sql`jsonb_set(${users.preferences}, '{promotional}', 'false'::jsonb)`,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), sql`coalesce((${users.preferences}->>'promotional')::boolean, false)`))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findUserEmail(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email;
}

const consenting = sql`coalesce((${users.preferences}->>'promotional')::boolean, false)`;

/** Whether this account (still there) has Promotional Messages on. */
export async function stillConsents(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(consenting, eq(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** People who turned Promotional Messages on, by id after `afterId` (a send walks them in batches). */
export async function listConsentingRecipients(db: Executor, input: { afterId: number; limit: number }) {
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(and(consenting, gt(users.id, input.afterId)))
    .orderBy(asc(users.id))
    .limit(input.limit);
}

export async function countConsenting(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(consenting);
  return row?.n ?? 0;
}

/**
 * A secret the server made for itself, the same in every process: created on first use (a random 32
 * bytes), never configured, so no deployment runs with a guessable default.
 */
export async function serverSecret(db: Executor, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name))
    .limit(1);
  if (!row) throw new Error(`server secret ${name} was not stored`);
  return row.value;
}

export async function findPromotion(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: promotions.id,
      title: promotions.title,
      description: promotions.description,
      code: promotions.code,
      linkUrl: promotions.linkUrl,
      startDate: promotions.startDate,
      endDate: promotions.endDate,
      isActive: promotions.isActive,
    })
    .from(promotions)
    .where(eq(promotions.id, id))
    .limit(1);
  return row;
}

export async function insertPromotionalEmail(
  db: Executor,
  input: { subject: string; message: string; promotionId: number | null; sentByUserId: number; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(promotionalEmails)
    .values({
      subject: input.subject,
      message: input.message,
      promotionId: input.promotionId,
      sentByUserId: input.sentByUserId,
      recipientCount: 0,
      createdAt: input.at,
    })
    .returning({ id: promotionalEmails.id });
  return row!.id;
}

export async function setPromotionalEmailCount(db: Executor, id: number, recipientCount: number) {
  await db.update(promotionalEmails).set({ recipientCount }).where(eq(promotionalEmails.id, id));
}

export async function listPromotionalEmails(db: Executor, limit: number) {
  return db
    .select({
      id: promotionalEmails.id,
      subject: promotionalEmails.subject,
      recipientCount: promotionalEmails.recipientCount,
      sentBy: users.fullName,
      createdAt: promotionalEmails.createdAt,
    })
    .from(promotionalEmails)
    .leftJoin(users, eq(users.id, promotionalEmails.sentByUserId))
    .orderBy(desc(promotionalEmails.createdAt), desc(promotionalEmails.id))
    .limit(limit);
}
