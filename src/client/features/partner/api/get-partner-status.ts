import { partnerStatusSchema } from '@shared/contract/partner';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const PARTNER_STATUS_KEY = ['/api/user/partner-status'] as const;

export function getPartnerStatus({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/user/partner-status', partnerStatusSchema, { signal });
}

/** Whether the signed-in account is an approved partner: asked on every visit (a role can change). */
export const partnerStatusQueryOptions = () =>
  queryOptions({
    queryKey: PARTNER_STATUS_KEY,
    queryFn: ({ signal }) => getPartnerStatus({ signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export function usePartnerStatus() {
  return useQuery(partnerStatusQueryOptions());
}
