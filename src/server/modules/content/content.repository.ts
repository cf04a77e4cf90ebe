import { and, desc, eq, gte, lte, asc } from 'drizzle-orm';
import type { Announcement, Promotion } from '../../../shared/contract/content';
import type { Executor } from '../../db/client';
import { announcements, promotions } from '../../db/schema';

export async function listActivePromotions(db: Executor, now: Date): Promise<Promotion[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.isActive, true), lte(promotions.startDate, now), gte(promotions.endDate, now)))
    .orderBy(asc(promotions.endDate), asc(promotions.id));
  return rows.map((p) => ({
    id: p.id,
    title: p.title,
    description: p.description,
    imageUrl: p.imageUrl,
    linkUrl: p.linkUrl,
    code: p.code,
    startDate: p.startDate.toISOString(),
    endDate: p.endDate.toISOString(),
    isActive: p.isActive,
  }));
}

/** Announcements shown now (published, not taken down), newest first. */
export async function listAnnouncements(db: Executor, now: Date): Promise<Announcement[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.isActive, true), lte(announcements.publishedAt, now)))
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(100);
  return rows.map((a) => ({
    id: a.id,
    title: a.title,
    content: a.content,
    type: a.type,
    publishedDate: a.publishedAt.toISOString(),
    readMoreUrl: a.readMoreUrl,
  }));
}

export type AnnouncementRow = typeof announcements.$inferSelect;

/** Every announcement, scheduled and taken down ones too (admins), newest first. */
export function listAllAnnouncements(db: Executor) {
  return db
    .select()
    .from(announcements)
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(500);
}

export async function findAnnouncement(db: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertAnnouncement(db: Executor, values: typeof announcements.$inferInsert) {
  const [row] = await db.insert(announcements).values(values).returning();
  return row!;
}

export async function updateAnnouncement(
  db: Executor,
  id: number,
  values: Partial<typeof announcements.$inferInsert>,
) {
  const [row] = await db.update(announcements).set(values).where(eq(announcements.id, id)).returning();
  return row!;
}
