import { bookingsResponseSchema } from '@shared/contract/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getBookings({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/bookings', bookingsResponseSchema, { signal });
}

/** The signed-in customer's bookings; refreshed when the page is visited again (a payment may have landed). */
export const bookingsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/bookings'],
    queryFn: ({ signal }) => getBookings({ signal }),
    staleTime: 0,
  });

export function useBookings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingsQueryOptions(), enabled });
}
