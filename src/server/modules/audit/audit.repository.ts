import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditLogQuery, AuditTargetType } from '../../../shared/contract/audit';
import type { Executor } from '../../db/client';
import { adminAuditLog, users } from '../../db/schema';

export type NewAuditEntry = {
  adminUserId: number;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date;
};

/** The only write this table allows (its trigger refuses UPDATE, DELETE and TRUNCATE). */
export async function insertAuditEntry(db: Executor, entry: NewAuditEntry) {
  await db.insert(adminAuditLog).values({
    adminUserId: entry.adminUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
    createdAt: entry.at,
  });
}

function filters(query: Omit<AuditLogQuery, 'page'>): SQL | undefined {
  const where: (SQL | undefined)[] = [
    query.action ? eq(adminAuditLog.action, query.action) : undefined,
    query.adminId ? eq(adminAuditLog.adminUserId, query.adminId) : undefined,
    query.targetType ? eq(adminAuditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(adminAuditLog.targetId, query.targetId) : undefined,
    query.from ? gte(adminAuditLog.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(adminAuditLog.createdAt, new Date(query.to)) : undefined,
  ];
  return and(...where);
}

/** One page of entries matching every filter given, newest first, and how many match in all. */
export async function listAuditEntries(
  db: Executor,
  query: Omit<AuditLogQuery, 'page'>,
  page: { limit: number; offset: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = filters(query);
  const rows = await db
    .select({ entry: adminAuditLog, adminName: users.fullName })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminUserId))
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(adminAuditLog).where(where);
  return {
    total: Number(total?.n ?? 0),
    entries: rows.map(({ entry, adminName }) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      admin: { id: entry.adminUserId, name: adminName },
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  };
}

/** Everyone who appears in the log, by name (an account that is gone keeps its id, without a name). */
export async function listAuditAdmins(db: Executor): Promise<{ id: number; name: string | null }[]> {
  const rows = await db
    .selectDistinct({ id: adminAuditLog.adminUserId, name: users.fullName })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminUserId))
    .orderBy(sql`${users.fullName} nulls last`, adminAuditLog.adminUserId);
  return rows;
}
