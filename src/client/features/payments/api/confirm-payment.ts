import { confirmPaymentResponseSchema } from '@shared/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Asks the server to confirm the payment; the server confirms the booking it already made (docs/product.md §7).
 * A decline answers 402 with `{ code: 'payments.card_declined', message }`: the hold stays, another card may be tried.
 */
export function confirmPayment(body: { paymentIntentId: string; paymentMethodId?: string }) {
  return apiRequest('/api/confirm-payment-intent', confirmPaymentResponseSchema, { method: 'POST', body });
}

export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/bookings'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/notifications'] });
    },
  });
}
