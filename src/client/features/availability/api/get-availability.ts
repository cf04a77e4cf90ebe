import { availabilityResponseSchema } from '@shared/contract/availability';
import { BOOKING_WINDOW_DAYS } from '@shared/domain/slots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The provider's starts for the next 14 days for one service (`serviceId`; the provider's shortest
 * service when absent): a start is free only when the whole service fits before closing and overlaps
 * no other booking.
 */
export function getAvailability(
  providerId: number,
  serviceId: number | undefined,
  { signal }: { signal?: AbortSignal } = {},
) {
  const service = serviceId ? `&serviceId=${serviceId}` : '';
  return apiRequest(
    `/api/providers/${providerId}/availability?days=${BOOKING_WINDOW_DAYS}${service}`,
    availabilityResponseSchema,
    { signal },
  );
}

/** Every service's availability of a provider starts with this key (what invalidation uses). */
export const availabilityQueryKey = (providerId: number) =>
  ['/api/providers', providerId, 'availability'] as const;

/** The same slots on every booking screen. Kept fresh: slots go fast. */
export const availabilityQueryOptions = (providerId: number, serviceId?: number) =>
  queryOptions({
    queryKey: [...availabilityQueryKey(providerId), serviceId ?? 'shortest'] as const,
    queryFn: ({ signal }) => getAvailability(providerId, serviceId, { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    enabled: Number.isInteger(providerId) && providerId > 0,
  });

export function useAvailability(providerId: number, serviceId?: number) {
  return useQuery(availabilityQueryOptions(providerId, serviceId));
}
