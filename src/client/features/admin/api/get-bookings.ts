import { adminBookingsResponseSchema } from '@shared/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const ADMIN_BOOKINGS_KEY = ['/api/admin/bookings'] as const;

export function getAdminBookings({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/admin/bookings', adminBookingsResponseSchema, { signal });
}

export const adminBookingsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_BOOKINGS_KEY, queryFn: ({ signal }) => getAdminBookings({ signal }) });

export function useAdminBookings() {
  return useQuery(adminBookingsQueryOptions());
}
