import { and, asc, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  applicationRequests,
  documents,
  emailTokens,
  providerApplications,
  strayFiles,
  users,
} from '../../db/schema';
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
      emailVerifiedAt: users.emailVerifiedAt,
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

// What admins asked about an application and the applicant's answers.

export type RequestRow = typeof applicationRequests.$inferSelect;

export async function insertRequest(
  db: Executor,
  input: { applicationId: number; needed: string; askedAt: Date; askedByUserId: number | null },
) {
  await db.insert(applicationRequests).values(input);
}

/** The requests of these applications, oldest first, by application id. */
export async function listRequests(db: Executor, applicationIds: readonly number[]) {
  const byApplication = new Map<number, RequestRow[]>();
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .select()
    .from(applicationRequests)
    .where(inArray(applicationRequests.applicationId, [...applicationIds]))
    .orderBy(asc(applicationRequests.askedAt), asc(applicationRequests.id));
  for (const row of rows) {
    const list = byApplication.get(row.applicationId) ?? [];
    list.push(row);
    byApplication.set(row.applicationId, list);
  }
  return byApplication;
}

/** Answers the latest unanswered request of an application; false when there is none. */
export async function answerLatestRequest(
  db: Executor,
  input: { applicationId: number; answer: string; documents: string[]; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(applicationRequests)
    .set({ answer: input.answer, answeredAt: input.now, documents: input.documents })
    .where(
      sql`${applicationRequests.id} = (select id from application_requests where application_id = ${input.applicationId}
        and answered_at is null order by asked_at desc, id desc limit 1)`,
    )
    .returning({ id: applicationRequests.id });
  return rows.length > 0;
}

/** The latest application of a user, locked for the caller's transaction when asked. */
export async function findLatestApplication(
  db: Executor,
  userId: number,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(providerApplications)
    .where(eq(providerApplications.userId, userId))
    .orderBy(desc(providerApplications.createdAt), desc(providerApplications.id))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Back to review with the answer: the status and the documents the answer brought. */
export async function reopenApplication(
  db: Executor,
  input: { applicationId: number; addDocuments: string[] },
) {
  await db
    .update(providerApplications)
    .set({
      status: 'pending',
      documents: sql`${providerApplications.documents} || ${JSON.stringify(input.addDocuments)}::jsonb`,
    })
    .where(eq(providerApplications.id, input.applicationId));
}

export async function listAdminIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  return rows.map((r) => r.id);
}

/** Which of these stored names a document row has (any kind: uploads, profile images, provider photos). */
export async function knownDocumentNames(db: Executor, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ filename: documents.filename })
    .from(documents)
    .where(inArray(documents.filename, [...names]));
  return rows.map((r) => r.filename);
}

/**
 * Brings the record of stray files up to date with this sweep's (`strays`: files no row names now):
 * ones named since, or gone, are forgotten; new ones are noted as first seen `now`, known ones counted
 * once more. Answers those first seen at or before `seenBefore` and found by at least `sightings`
 * sweeps, which are due for removal.
 */
export async function trackStrayFiles(
  db: Executor,
  input: { strays: readonly string[]; now: Date; seenBefore: Date; sightings: number },
): Promise<string[]> {
  await db
    .delete(strayFiles)
    .where(input.strays.length > 0 ? notInArray(strayFiles.filename, [...input.strays]) : undefined);
  if (input.strays.length > 0)
    await db
      .insert(strayFiles)
      .values(input.strays.map((filename) => ({ filename, firstSeenAt: input.now })))
      .onConflictDoUpdate({
        target: strayFiles.filename,
        set: { sightings: sql`${strayFiles.sightings} + 1` },
      });
  const due = await db
    .select({ filename: strayFiles.filename })
    .from(strayFiles)
    .where(
      and(
        sql`${strayFiles.firstSeenAt} <= ${input.seenBefore}`,
        sql`${strayFiles.sightings} >= ${input.sightings}`,
      ),
    );
  return due.map((r) => r.filename);
}

/** Forgets stray files once removed. */
export async function forgetStrayFiles(db: Executor, names: readonly string[]) {
  if (names.length > 0) await db.delete(strayFiles).where(inArray(strayFiles.filename, [...names]));
}
