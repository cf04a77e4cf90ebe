import { type CreatePaymentIntentBody, createPaymentIntentResponseSchema } from '@shared/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';
import { availabilityQueryKey } from '@/features/availability';

export type CreatePaymentIntentInput = Pick<
  CreatePaymentIntentBody,
  'providerId' | 'serviceDate' | 'serviceId' | 'serviceTitle' | 'customerName' | 'customerEmail' | 'notes'
> & { customerPhone?: string | null; promoCode?: string | null };

/** Holds the slot for ten minutes and starts its payment; the server prices it. */
export function createPaymentIntent(body: CreatePaymentIntentInput) {
  return apiRequest('/api/create-payment-intent', createPaymentIntentResponseSchema, {
    method: 'POST',
    body,
  });
}

/** A refusal of the promo code (unknown, expired, not applicable, limit reached): the hold is made without it. */
export function isPromoRefusal(error: unknown): boolean {
  return isApiError(error) && error.code?.startsWith('promo.') === true;
}

/** Codes that mean "pick another time": the slot list is refetched so the customer sees what is left. */
const SLOT_CODES = new Set([
  'bookings.slot_taken',
  'bookings.slot_in_past',
  'bookings.slot_off_schedule',
  'bookings.slot_too_far',
  'bookings.hold_expired',
  // Released while its payment was being started (another Pay Now at this provider meanwhile).
  'bookings.hold_released',
  'bookings.hold_time_withdrawn',
]);

export function isSlotProblem(error: unknown): boolean {
  return isApiError(error) && error.code !== undefined && SLOT_CODES.has(error.code);
}

export function useCreatePaymentIntent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentIntent,
    onSettled: (_data, error, input) => {
      // Held or refused, the slot list has changed.
      if (!error || isSlotProblem(error)) {
        void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(Number(input.providerId)) });
      }
    },
  });
}
