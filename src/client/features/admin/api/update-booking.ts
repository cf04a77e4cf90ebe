import { adminBookingSchema } from '@shared/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_BOOKINGS_KEY } from './get-bookings';

export type AdminBookingAction = 'confirm' | 'cancel';

/** PATCH /api/admin/bookings/{id}: Confirm Payment (status and payment confirmed) or Cancel. */
export function updateAdminBooking({ id, action }: { id: number; action: AdminBookingAction }) {
  const body =
    action === 'confirm'
      ? { status: 'confirmed' as const, paymentStatus: 'confirmed' as const }
      : { status: 'cancelled' as const };
  return apiRequest(`/api/admin/bookings/${id}`, adminBookingSchema, { method: 'PATCH', body });
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
