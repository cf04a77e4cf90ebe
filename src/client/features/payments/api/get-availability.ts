import { availabilityResponseSchema } from '@shared/contract/bookings';
import { BOOKING_WINDOW_DAYS } from '@shared/domain/slots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getAvailability(providerId: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(
    `/api/providers/${providerId}/availability?days=${BOOKING_WINDOW_DAYS}`,
    availabilityResponseSchema,
    { signal },
  );
}

export const availabilityQueryKey = (providerId: number) =>
  ['/api/providers', providerId, 'availability'] as const;

/** The provider's real slots for the next 14 days; the same on every booking screen. Kept fresh: slots go fast. */
export const availabilityQueryOptions = (providerId: number) =>
  queryOptions({
    queryKey: availabilityQueryKey(providerId),
    queryFn: ({ signal }) => getAvailability(providerId, { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    enabled: Number.isInteger(providerId) && providerId > 0,
  });

export function useAvailability(providerId: number) {
  return useQuery(availabilityQueryOptions(providerId));
}
