import { cancelBookingResponseSchema, customerBookingSchema } from '@shared/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** What a customer does with a booking: cancel, move it, report a no-show (POST /api/bookings/:id/...). */

export function cancelBooking({ id, reason }: { id: number; reason?: string }) {
  return apiRequest(`/api/bookings/${id}/cancel`, cancelBookingResponseSchema, {
    method: 'POST',
    body: { reason: reason?.trim() || null },
  });
}

export function rescheduleBooking({ id, serviceDate }: { id: number; serviceDate: string }) {
  return apiRequest(`/api/bookings/${id}/reschedule`, customerBookingSchema, {
    method: 'POST',
    body: { serviceDate },
  });
}

export function reportNoShow({ id }: { id: number }) {
  return apiRequest(`/api/bookings/${id}/report-no-show`, customerBookingSchema, {
    method: 'POST',
    body: {},
  });
}

/** After any of them: the lists, and the provider's free times (a time was freed or taken). */
function useBookingMutation<Input, Output>(fn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/bookings'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/providers'] });
    },
  });
}

export const useCancelBooking = () => useBookingMutation(cancelBooking);
export const useRescheduleBooking = () => useBookingMutation(rescheduleBooking);
export const useReportNoShow = () => useBookingMutation(reportNoShow);
