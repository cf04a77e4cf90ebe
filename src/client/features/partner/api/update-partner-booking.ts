import { partnerBookingSchema } from '@shared/contract/partner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PARTNER_BOOKINGS_KEY } from './get-partner-bookings';

export type PartnerBookingAction = 'complete' | 'cancel' | 'no_show';

/**
 * PATCH /api/partner/bookings/{id}: completed (after its start), a no-show (15 minutes to 48 hours
 * after), or cancelled (refunded in full, the customer told the reason).
 */
export function updatePartnerBooking({
  id,
  action,
  reason,
}: {
  id: number;
  action: PartnerBookingAction;
  reason?: string;
}) {
  return apiRequest(`/api/partner/bookings/${id}`, partnerBookingSchema, {
    method: 'PATCH',
    body: { action, reason: reason?.trim() || null },
  });
}

export function useUpdatePartnerBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartnerBooking,
    onSettled: (_booking, _error, { action }) => {
      void queryClient.invalidateQueries({ queryKey: PARTNER_BOOKINGS_KEY });
      // A cancelled booking frees its slot.
      if (action === 'cancel') void queryClient.invalidateQueries({ queryKey: ['/api/providers'] });
    },
  });
}
