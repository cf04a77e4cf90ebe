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
  { signal, moving }: { signal?: AbortSignal; moving?: number } = {},
) {
  const service = serviceId ? `&serviceId=${serviceId}` : '';
  // Rescheduling: the customer's own booking does not block its new time.
  const move = moving ? `&moving=${moving}` : '';
  return apiRequest(
    `/api/providers/${providerId}/availability?days=${BOOKING_WINDOW_DAYS}${service}${move}`,
    availabilityResponseSchema,
    { signal },
  );
}

/** Every service's availability of a provider starts with this key (what invalidation uses). */
export const availabilityQueryKey = (providerId: number) =>
  ['/api/providers', providerId, 'availability'] as const;

/** The same slots on every booking screen. Kept fresh: slots go fast. */
export const availabilityQueryOptions = (providerId: number, serviceId?: number, moving?: number) =>
  queryOptions({
    queryKey: [...availabilityQueryKey(providerId), serviceId ?? 'shortest', moving ?? 'new'] as const,
    queryFn: ({ signal }) => getAvailability(providerId, serviceId, { signal, moving }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    enabled: Number.isInteger(providerId) && providerId > 0,
  });

export function useAvailability(providerId: number, serviceId?: number, moving?: number) {
  return useQuery(availabilityQueryOptions(providerId, serviceId, moving));
}
