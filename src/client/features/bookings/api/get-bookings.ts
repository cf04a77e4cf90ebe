import { bookingsResponseSchema } from '@shared/contract/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Upcoming: not yet over, soonest first (holds still running included). Past: over, most recent first. */
export type BookingsScope = 'upcoming' | 'past';

export function getBookings(scope: BookingsScope, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/bookings?scope=${scope}`, bookingsResponseSchema, { signal });
}

/** The signed-in customer's bookings; refreshed when the page is visited again (a payment may have landed). */
export const bookingsQueryOptions = (scope: BookingsScope) =>
  queryOptions({
    queryKey: ['/api/bookings', scope],
    queryFn: ({ signal }) => getBookings(scope, { signal }),
    staleTime: 0,
  });

export function useBookings(scope: BookingsScope, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingsQueryOptions(scope), enabled });
}
