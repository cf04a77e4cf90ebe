import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { documents, emailTokens, providerApplications, users } from '../../db/schema';
import { sha256 } from '../auth/auth.repository';

export type DocumentKind = 'document' | 'price_list' | 'profile_image' | 'provider_photo';
export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

export async function insertDocuments(db: Executor, rows: (typeof documents.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(documents).values(rows);
}

export async function findDocument(db: Executor, filename: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.filename, filename)).limit(1);
  return row;
}

/** A document this user may read: uploaded by them, or part of their own application. */
export async function findOwnDocument(
  db: Executor,
  filename: string,
  userId: number,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.filename, filename),
        or(
          eq(documents.uploadedByUserId, userId),
          sql`${documents.applicationId} in (select id from provider_applications where user_id = ${userId})`,
        ),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Uploads of this kind, not yet part of any application, among `filenames`; their rows stay locked
 * until the caller's transaction ends, so the clean-up of unclaimed uploads cannot take them meanwhile.
 */
export async function findUnclaimedUploads(db: Executor, filenames: readonly string[], kind: DocumentKind) {
  if (filenames.length === 0) return [];
  return db
    .select({ id: documents.id, filename: documents.filename })
    .from(documents)
    .where(
      and(
        inArray(documents.filename, [...filenames]),
        eq(documents.kind, kind),
        isNull(documents.applicationId),
      ),
    )
    .for('update');
}

/**
 * Forgets uploads for applications that nobody used in an application and that are older than
 * `before` (at most `limit` at a time); answers their file names so the files can be removed.
 * Provider photos are never unclaimed: the server makes them for a listing.
 */
export async function deleteUnclaimedUploads(db: Executor, input: { before: Date; limit: number }) {
  const rows = await db
    .delete(documents)
    .where(
      sql`${documents.id} in (select id from documents where application_id is null
        and kind in ('document', 'price_list', 'profile_image') and created_at < ${input.before}
        order by id limit ${input.limit} for update skip locked)`,
    )
    .returning({ filename: documents.filename });
  return rows.map((r) => r.filename);
}

export async function attachDocuments(db: Executor, filenames: readonly string[], applicationId: number) {
  if (filenames.length === 0) return;
  await db
    .update(documents)
    .set({ applicationId })
    .where(and(inArray(documents.filename, [...filenames]), isNull(documents.applicationId)));
}

export async function insertApplication(db: Executor, values: typeof providerApplications.$inferInsert) {
  const [row] = await db
    .insert(providerApplications)
    .values(values)
    .returning({ id: providerApplications.id });
  return row!.id;
}

export async function findVerificationToken(db: Executor, token: string) {
  const [row] = await db
    .select({
      id: emailTokens.id,
      userId: emailTokens.userId,
      usedAt: emailTokens.usedAt,
      expiresAt: emailTokens.expiresAt,
      email: users.email,
    })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.purpose, 'email_verification')))
    .limit(1);
  return row;
}

/** Uses the token once: true only for the call that moved it from unused to used. */
export async function markTokenUsed(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return rows.length > 0;
}

/** Marks the user's e-mail and their applications verified; answers the newest application's business name. */
export async function markEmailVerified(
  db: Executor,
  userId: number,
  now: Date,
): Promise<string | undefined> {
  await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
  await db
    .update(providerApplications)
    .set({ emailVerifiedAt: now })
    .where(and(eq(providerApplications.userId, userId), isNull(providerApplications.emailVerifiedAt)));
  const [row] = await db
    .select({ businessName: providerApplications.businessName })
    .from(providerApplications)
    .where(eq(providerApplications.userId, userId))
    .orderBy(desc(providerApplications.createdAt), desc(providerApplications.id))
    .limit(1);
  return row?.businessName;
}
