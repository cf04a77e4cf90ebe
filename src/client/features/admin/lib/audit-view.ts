import type { AuditAction, AuditEntry, AuditLogQueryInput, AuditTargetType } from '@shared/contract/audit';
import { formatCents } from '@shared/domain/money';
import type { Locale } from '@shared/i18n/locales';
import { addDaysToDate, torontoInstant } from '@shared/domain/time';

/** The Audit tab's filters as the form holds them: '' for "any", days as Toronto calendar days. */
export type AuditFilters = {
  action: AuditAction | '';
  adminId: string;
  targetType: AuditTargetType | '';
  targetId: string;
  /** `YYYY-MM-DD`, from the start of that day in Toronto. */
  fromDay: string;
  /** `YYYY-MM-DD`, to the end of that day in Toronto (inclusive). */
  toDay: string;
};

export const NO_AUDIT_FILTERS: AuditFilters = {
  action: '',
  adminId: '',
  targetType: '',
  targetId: '',
  fromDay: '',
  toDay: '',
};

/** The query string of GET /api/admin/audit-log for these filters and page (empty filters left out). */
export function auditQuery(filters: AuditFilters, page: number): string {
  const query: Partial<Record<keyof AuditLogQueryInput, string>> = {};
  if (filters.action) query.action = filters.action;
  if (filters.adminId) query.adminId = filters.adminId;
  if (filters.targetType) query.targetType = filters.targetType;
  if (filters.targetId.trim()) query.targetId = filters.targetId.trim();
  if (filters.fromDay) query.from = torontoInstant(filters.fromDay, 0).toISOString();
  if (filters.toDay) query.to = torontoInstant(addDaysToDate(filters.toDay, 1), 0).toISOString();
  if (page > 1) query.page = String(page);
  return new URLSearchParams(query).toString();
}

const FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  paymentStatus: 'Payment',
  adminNotes: 'Notes',
  categoryId: 'Category',
  providerId: 'Listing',
  role: 'Role',
  hidden: 'Hidden',
  openReports: 'Open reports',
  reason: 'Reason',
  refundCents: 'Refund',
  kind: 'Kind',
  state: 'State',
  attempts: 'Attempts',
  lastError: 'Last error',
};

/** How values read in a language: money's locale and the words for yes and no (English unless given). */
export type AuditWords = { locale: Locale; yes: string; no: string };
const ENGLISH_WORDS: AuditWords = { locale: 'en', yes: 'Yes', no: 'No' };

/** A recorded value as people read it: money in dollars, yes/no, a dash for nothing. */
export function auditValue(field: string, value: unknown, words: AuditWords = ENGLISH_WORDS): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field.endsWith('Cents') && typeof value === 'number') return formatCents(value, words.locale);
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') return value.replaceAll('_', ' ');
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** One row per field recorded before or after, in the order first seen; `changed` when they differ. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>, words: AuditWords = ENGLISH_WORDS) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.map((field) => {
    const before = entry.before && field in entry.before ? entry.before[field] : undefined;
    const after = entry.after && field in entry.after ? entry.after[field] : undefined;
    return {
      field,
      label: FIELD_LABELS[field] ?? field,
      before: entry.before ? auditValue(field, before, words) : '—',
      after: entry.after ? auditValue(field, after, words) : '—',
      changed: JSON.stringify(before) !== JSON.stringify(after),
    };
  });
}
