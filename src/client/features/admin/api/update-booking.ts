import { adminBookingSchema } from '@shared/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_BOOKINGS_KEY } from './get-bookings';

export type AdminBookingAction = 'confirm' | 'cancel' | 'resolve_refund' | 'resolve_completed';

/**
 * PATCH /api/admin/bookings/{id}: Confirm Payment, Cancel (refunded in full, the customer told the
 * reason when there is one), or settle a disputed booking (refund in full, or count it as completed).
 */
export function updateAdminBooking({
  id,
  action,
  reason,
}: {
  id: number;
  action: AdminBookingAction;
  reason?: string;
}) {
  return apiRequest(`/api/admin/bookings/${id}`, adminBookingSchema, {
    method: 'PATCH',
    body: {
      action: action === 'confirm' ? 'confirm_payment' : action,
      reason: action === 'cancel' ? reason?.trim() || null : null,
    },
  });
}

/** The list reloads; a cancelled slot is free again, so availability reloads too. */
export function useUpdateAdminBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminBooking,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_BOOKINGS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/providers'] });
    },
  });
}
