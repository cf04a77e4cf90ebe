import { partnerListingSchema } from '@shared/contract/partner';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const PARTNER_LISTING_KEY = ['/api/partner/listing'] as const;

export function getPartnerListing({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/partner/listing', partnerListingSchema, { signal });
}

export const partnerListingQueryOptions = () =>
  queryOptions({ queryKey: PARTNER_LISTING_KEY, queryFn: ({ signal }) => getPartnerListing({ signal }) });

export function usePartnerListing() {
  return useQuery(partnerListingQueryOptions());
}
