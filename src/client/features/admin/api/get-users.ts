import { adminUsersResponseSchema } from '@shared/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const ADMIN_USERS_KEY = ['/api/admin/users'] as const;

export function getAdminUsers({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/admin/users', adminUsersResponseSchema, { signal });
}

export const adminUsersQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_USERS_KEY, queryFn: ({ signal }) => getAdminUsers({ signal }) });

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
