import { adminApplicationsResponseSchema } from '@shared/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const ADMIN_APPLICATIONS_KEY = ['/api/admin/applications'] as const;

export function getApplications({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/admin/applications', adminApplicationsResponseSchema, { signal });
}

export const applicationsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_APPLICATIONS_KEY, queryFn: ({ signal }) => getApplications({ signal }) });

export function useApplications() {
  return useQuery(applicationsQueryOptions());
}
