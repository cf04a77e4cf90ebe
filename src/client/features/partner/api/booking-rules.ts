import {
  type PartnerBookingRules,
  partnerListingSchema,
  timeOffListSchema,
  timeOffSchema,
} from '@shared/contract/partner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCommand, apiRequest } from '@/lib/api-client';
import { listingSaved } from './listing-saved';

/** The partner's booking rules (notice, buffer, policy) and time off. */

export function updateBookingRules(body: PartnerBookingRules) {
  return apiRequest('/api/partner/booking-rules', partnerListingSchema, { method: 'PUT', body });
}

export function useUpdateBookingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingRules,
    onSuccess: (listing) => listingSaved(queryClient, listing),
  });
}

export const TIME_OFF_KEY = ['/api/partner/time-off'] as const;

export function useTimeOff() {
  return useQuery({
    queryKey: TIME_OFF_KEY,
    queryFn: ({ signal }) => apiRequest('/api/partner/time-off', timeOffListSchema, { signal }),
  });
}

/** After time off changes: the list, and every availability customers see. */
function useTimeOffMutation<Input, Output>(fn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: TIME_OFF_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/providers'] });
    },
  });
}

export const useAddTimeOff = () =>
  useTimeOffMutation((body: { startDate: string; endDate: string; reason?: string }) =>
    apiRequest('/api/partner/time-off', timeOffSchema, { method: 'POST', body }),
  );

export const useRemoveTimeOff = () =>
  useTimeOffMutation((id: number) => apiCommand(`/api/partner/time-off/${id}`, { method: 'DELETE' }));
