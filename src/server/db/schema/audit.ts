import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../../shared/contract/audit';

/**
 * The admin audit log (modules/audit): one row per admin action, written in the action's own
 * transaction. Append-only: a trigger of its migration refuses UPDATE, DELETE and TRUNCATE, so not even
 * a bug in the server can rewrite history. `admin_user_id` has no foreign key on purpose: an entry
 * outlives the admin's account (and a cascade would be an UPDATE the trigger refuses).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    adminUserId: integer('admin_user_id').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_admin_idx').on(t.adminUserId, t.createdAt.desc()),
    index('admin_audit_log_action_idx').on(t.action, t.createdAt.desc()),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
