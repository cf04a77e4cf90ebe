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

export async function listAnnouncements(db: Executor): Promise<Announcement[]> {
  const rows = await db
    .select()
    .from(announcements)
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
