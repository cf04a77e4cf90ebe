import { customerBookingSchema } from '@shared/contract/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/bookings/:id: one of the signed-in customer's bookings (404 when it is not theirs). */
export function getBooking(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/bookings/${id}`, customerBookingSchema, { signal });
}

/** Under the bookings' key, so every booking change (cancel, review...) refreshes it too. */
export const bookingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['/api/bookings', 'one', id],
    queryFn: ({ signal }) => getBooking(id, { signal }),
    staleTime: 0,
    retry: false,
  });

export function useBooking(id: number | null) {
  return useQuery({ ...bookingQueryOptions(id ?? 0), enabled: id !== null });
}
