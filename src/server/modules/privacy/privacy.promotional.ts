import type { User } from '../../../shared/contract/auth';
import type { PromotionalEmailBody, PromotionalEmails } from '../../../shared/contract/privacy';
import { promotionalEmailBodySchema } from '../../../shared/contract/privacy';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { Env } from '../../env';
import { recordAdminAction } from '../audit/audit.usecases';
import { enqueueEmail } from '../email/email.outbox.repository';
import { promotionalEmail } from '../email/email.templates-privacy';
import {
  countConsenting,
  findPromotion,
  insertPromotionalEmail,
  listConsentingRecipients,
  listPromotionalEmails,
  setPromotionalEmailCount,
  stillConsents,
} from './privacy.consent.repository';
import { privacyErrors } from './privacy.errors';
import {
  listUnsubscribeHeaders,
  unsubscribeKey,
  unsubscribeLinks,
  unsubscribeTokenWith,
} from './privacy.unsubscribe';

/**
 * An admin's promotional e-mail (docs/product.md §15): sent only to people who turned Promotional
 * Messages on, each with their own one-click unsubscribe link and the List-Unsubscribe headers, all
 * queued in one transaction with the record of the send.
 */

type Deps = { db: Database; clock: Clock; env: Pick<Env, 'PUBLIC_URL'> };

/**
 * Why a promotional e-mail waiting in the outbox must not go now (its person unsubscribed or is gone),
 * or null: unsubscribing takes effect at once (docs/product.md §15).
 */
export async function promotionalSkipReason(db: Executor, userId: number): Promise<string | null> {
  return (await stillConsents(db, userId)) ? null : 'the person no longer accepts promotional e-mails';
}
const BATCH = 500;

export async function promotionalEmailsOverview(deps: Pick<Deps, 'db'>): Promise<PromotionalEmails> {
  const sent = await listPromotionalEmails(deps.db, 10);
  return {
    consentingCount: await countConsenting(deps.db),
    sent: sent.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
  };
}

export async function sendPromotionalEmail(
  deps: Deps,
  admin: User,
  body: PromotionalEmailBody,
): Promise<{ recipients: number; message: string }> {
  const input = promotionalEmailBodySchema.parse(body);
  const promotion = input.promotionId ? await findPromotion(deps.db, input.promotionId) : null;
  if (input.promotionId && !promotion) throw privacyErrors.promotionNotFound();
  const now = deps.clock.now();
  // Only a promotion customers can use now, as the Promote tab offers: a switched-off or ended one (or
  // one picked while another admin switched it off) would send everyone a code checkout refuses.
  if (promotion && (!promotion.isActive || promotion.startDate > now || promotion.endDate <= now))
    throw privacyErrors.promotionNotCurrent();
  // Read before the transaction: nothing inside it may wait for the root connection (PGlite has one).
  const key = await unsubscribeKey(deps.db);
  const recipients = await deps.db.transaction(async (tx) => {
    const sendId = await insertPromotionalEmail(tx, {
      subject: input.subject,
      message: input.message,
      promotionId: promotion?.id ?? null,
      sentByUserId: admin.id,
      at: now,
    });
    let count = 0;
    let afterId = 0;
    for (;;) {
      const batch = await listConsentingRecipients(tx, { afterId, limit: BATCH });
      for (const person of batch) {
        const links = unsubscribeLinks(deps.env.PUBLIC_URL, unsubscribeTokenWith(key, person.id));
        const queued = await enqueueEmail(
          tx,
          {
            to: person.email,
            kind: 'promotional',
            // Unsubscribing stops it at once, also while it waits in the outbox (an SMTP outage).
            sendIf: { promotional: { userId: person.id } },
            headers: listUnsubscribeHeaders(links.oneClick),
            ...promotionalEmail({
              publicUrl: deps.env.PUBLIC_URL,
              fullName: person.fullName,
              subject: input.subject,
              message: input.message,
              promotion: promotion ?? null,
              unsubscribeUrl: links.page,
            }),
          },
          { now },
        );
        if (queued.id !== 0) count++;
      }
      if (batch.length < BATCH) break;
      afterId = batch[batch.length - 1]!.id;
    }
    await setPromotionalEmailCount(tx, sendId, count);
    await recordAdminAction(tx, {
      adminUserId: admin.id,
      action: 'promotion.sent',
      targetType: 'promotional_email',
      targetId: sendId,
      after: { subject: input.subject, promotionId: promotion?.id ?? null, recipients: count },
      at: now,
    });
    return count;
  });
  return {
    recipients,
    message:
      recipients === 1
        ? 'Promotional e-mail queued for 1 person who opted in.'
        : `Promotional e-mail queued for ${recipients} people who opted in.`,
  };
}
