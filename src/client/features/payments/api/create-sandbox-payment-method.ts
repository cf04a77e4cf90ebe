import { sandboxPaymentMethodResponseSchema } from '@shared/contract/payments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type SandboxCard = {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  billingName: string;
  billingEmail: string;
};

/** Tokenises a test card with the built-in sandbox processor (processor `sandbox` only). */
export function createSandboxPaymentMethod(body: SandboxCard) {
  return apiRequest('/api/payments/sandbox/payment-methods', sandboxPaymentMethodResponseSchema, {
    method: 'POST',
    body,
  });
}

export function useCreateSandboxPaymentMethod() {
  return useMutation({ mutationFn: createSandboxPaymentMethod });
}
