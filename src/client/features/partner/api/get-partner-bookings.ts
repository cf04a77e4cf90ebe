import { partnerBookingsResponseSchema } from '@shared/contract/partner';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const PARTNER_BOOKINGS_KEY = ['/api/partner/bookings'] as const;

export function getPartnerBookings({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/partner/bookings', partnerBookingsResponseSchema, { signal });
}

export const partnerBookingsQueryOptions = () =>
  queryOptions({
    queryKey: PARTNER_BOOKINGS_KEY,
    queryFn: ({ signal }) => getPartnerBookings({ signal }),
    retry: 1,
  });

export function usePartnerBookings() {
  return useQuery(partnerBookingsQueryOptions());
}
