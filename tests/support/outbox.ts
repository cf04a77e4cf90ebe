import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/client';
import { emailOutbox } from '../../src/server/db/schema';
import { isDrawnAttachment, type OutboxAttachment } from '../../src/server/modules/email/email.transport';

/** The files an outbox message keeps (not the ones drawn when it is sent: a booking's receipt). */
export const filesOf = (message: { attachments: OutboxAttachment[] }) =>
  message.attachments.flatMap((a) => (isDrawnAttachment(a) ? [] : [a]));

/** The newest outbox message to an address, and the first link in its text body. */
export async function lastEmailTo(db: Executor, to: string) {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!row) return undefined;
  const link = /https?:\/\/\S+/.exec(row.textBody)?.[0];
  return { ...row, link };
}

export async function emailsTo(db: Executor, to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
}
