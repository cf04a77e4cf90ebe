import { auditLogResponseSchema } from '@shared/contract/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type AuditFilters, auditQuery } from '../lib/audit-view';

export const ADMIN_AUDIT_LOG_KEY = ['/api/admin/audit-log'] as const;

export function getAuditLog(search: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/admin/audit-log${search ? `?${search}` : ''}`, auditLogResponseSchema, { signal });
}

export const auditLogQueryOptions = (filters: AuditFilters, page: number) => {
  const search = auditQuery(filters, page);
  return queryOptions({
    queryKey: [...ADMIN_AUDIT_LOG_KEY, search],
    queryFn: ({ signal }) => getAuditLog(search, { signal }),
    // Always read afresh when the tab opens: other tabs add entries. The page on screen stays while the
    // next one loads.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
};

/** One page of the admin audit log, newest first, for these filters. */
export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery(auditLogQueryOptions(filters, page));
}
