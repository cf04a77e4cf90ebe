import type { ApplicationRequest } from '../../../shared/contract/applications';
import type { User } from '../../../shared/contract/auth';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { emailText } from '../../i18n/server-i18n';
import { inEveryLanguage, insertNotifications } from '../notifications/notifications.repository';
import { applicationErrors } from './applications.errors';
import {
  answerLatestRequest,
  attachDocuments,
  findLatestApplication,
  findUnclaimedUploads,
  listAdminIds,
  listRequests,
  type RequestRow,
  reopenApplication,
} from './applications.repository';

/** An applicant asked for more information answers in the product (docs/product.md §11). */

export function toRequestView(row: RequestRow): ApplicationRequest {
  return {
    needed: row.needed,
    askedAt: row.askedAt.toISOString(),
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    documents: row.documents,
  };
}

/** The signed-in person's latest application, as the partner dashboard shows its next step; null without one. */
export async function ownApplication(db: Executor, user: User) {
  const application = await findLatestApplication(db, user.id);
  if (!application) return null;
  const requests = (await listRequests(db, [application.id])).get(application.id) ?? [];
  return {
    id: application.id,
    businessName: application.businessName,
    status: application.status,
    emailVerified: application.emailVerifiedAt !== null,
    submittedAt: application.createdAt.toISOString(),
    reason: application.status === 'rejected' ? application.adminNotes : null,
    requests: requests.map(toRequestView),
  };
}

/**
 * Records the applicant's answer to the latest question with the documents they add, puts the
 * application back to review and tells the admins, in one transaction. Only an application waiting
 * for more information takes an answer.
 */
export async function replyToRequest(
  deps: { db: Database; clock: Clock },
  user: User,
  body: { message: string; documents: string[] },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const application = await findLatestApplication(tx, user.id, { forUpdate: true });
    if (!application) throw applicationErrors.noApplication();
    if (application.status !== 'clarification_needed')
      throw applicationErrors.nothingAsked(application.status);
    const documents = [...new Set(body.documents)];
    const found = await findUnclaimedUploads(tx, documents, 'document');
    if (found.length !== documents.length) throw applicationErrors.unknownDocuments();
    if (
      !(await answerLatestRequest(tx, {
        applicationId: application.id,
        answer: body.message,
        documents,
        now,
      }))
    )
      throw applicationErrors.nothingAsked(application.status);
    await attachDocuments(tx, documents, application.id);
    await reopenApplication(tx, { applicationId: application.id, addDocuments: documents });
    const admins = await listAdminIds(tx);
    await insertNotifications(
      tx,
      admins.map((userId) => ({
        userId,
        type: 'update' as const,
        // In each admin's language.
        ...inEveryLanguage((locale) => ({
          title: emailText(locale, 'inApp.applicantAnswered.title'),
          message: emailText(locale, 'inApp.applicantAnswered.message', {
            business: application.businessName,
            documents: documents.length,
          }),
        })),
        linkUrl: '/admin',
        now,
      })),
    );
  });
  const updated = await ownApplication(deps.db, user);
  if (!updated) throw applicationErrors.noApplication();
  return updated;
}
