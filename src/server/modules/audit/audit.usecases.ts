import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditLogQuery,
  type AuditLogResponse,
  type AuditTargetType,
} from '../../../shared/contract/audit';
import type { Executor } from '../../db/client';
import { insertAuditEntry, listAuditAdmins, listAuditEntries } from './audit.repository';

/**
 * The admin audit log (docs/decisions/009-admin-audit-log.md). Every admin action calls
 * `recordAdminAction` with the transaction that makes the change, so the entry and the change commit
 * together or not at all. `before` and `after` hold the few fields the action changed (a status, a
 * role), not copies of people's personal data.
 */
export async function recordAdminAction(
  tx: Executor,
  entry: {
    adminUserId: number;
    action: AuditAction;
    targetType: AuditTargetType;
    targetId: string | number;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
    at: Date;
  },
): Promise<void> {
  await insertAuditEntry(tx, {
    adminUserId: entry.adminUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.at,
  });
}

/** GET /api/admin/audit-log: one page of the entries matching the filters, newest first. */
export async function auditLog(deps: { db: Executor }, query: AuditLogQuery): Promise<AuditLogResponse> {
  const { page, ...filters } = query;
  const { entries, total } = await listAuditEntries(deps.db, filters, {
    limit: AUDIT_PAGE_SIZE,
    offset: (page - 1) * AUDIT_PAGE_SIZE,
  });
  return { entries, total, page, pageSize: AUDIT_PAGE_SIZE, admins: await listAuditAdmins(deps.db) };
}
