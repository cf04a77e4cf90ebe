import { partnerBookingSchema } from '@shared/contract/partner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PARTNER_BOOKINGS_KEY } from './get-partner-bookings';

/** PATCH /api/partner/bookings/{id}: completed (after its start) or cancelled (refunded, customer e-mailed). */
export function updatePartnerBooking({ id, status }: { id: number; status: 'completed' | 'cancelled' }) {
  return apiRequest(`/api/partner/bookings/${id}`, partnerBookingSchema, {
    method: 'PATCH',
    body: { status },
  });
}

export function useUpdatePartnerBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartnerBooking,
    onSettled: (_booking, _error, { status }) => {
      void queryClient.invalidateQueries({ queryKey: PARTNER_BOOKINGS_KEY });
      // A cancelled booking frees its slot.
      if (status === 'cancelled') void queryClient.invalidateQueries({ queryKey: ['/api/providers'] });
    },
  });
}
