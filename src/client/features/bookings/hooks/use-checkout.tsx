import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { forgetPromoCode, rememberedPromoCode } from '@/lib/promo-code';
import {
  type CreatePaymentIntentInput,
  isPromoRefusal,
  isSlotProblem,
  useCreatePaymentIntent,
} from '../api/create-payment-intent';
import { availabilityQueryKey } from '@/features/availability';
import { clearStoredBooking } from '../lib/booking-storage';
import { type PaymentHold, type PaymentResult, SecurePaymentDialog } from '@/features/payments';
import type { ConfirmedBooking } from '../lib/confirmed';
import { usePreloadedNamespaces, useT } from '@/lib/i18n/i18n';

export type CheckoutRequest = CreatePaymentIntentInput & { serviceTitle: string; serviceDate: string };

export type StartOutcome = 'opened' | 'slot_problem' | 'failed';

/**
 * Pay Now, shared by the confirmation page, the desktop dialog and the phone step flow: holds the slot
 * (POST /api/create-payment-intent), shows the Secure Payment step, and reports the confirmed booking.
 * The server made the booking with the hold and confirms it with the payment: nothing is created here.
 */
export function useCheckout({ providerId, providerName }: { providerId: number; providerName: string }): {
  start: (request: CheckoutRequest) => Promise<StartOutcome>;
  isStarting: boolean;
  confirmed: ConfirmedBooking | null;
  reset: () => void;
  paymentDialog: ReactNode;
} {
  const t = useT('booking');
  // The payment step names the cancellation policy: its catalog comes with the page, not on Pay.
  usePreloadedNamespaces(['policy']);
  const queryClient = useQueryClient();
  const create = useCreatePaymentIntent();
  const [hold, setHold] = useState<PaymentHold | null>(null);
  const [request, setRequest] = useState<CheckoutRequest | null>(null);
  const [confirmed, setConfirmed] = useState<ConfirmedBooking | null>(null);
  // The code remembered from Redeem Now, and why the server refused the code last tried.
  const [suggestedCode, setSuggestedCode] = useState<string | null>(null);
  const [promoRefusal, setPromoRefusal] = useState<string | null>(null);
  // The control that asked to pay (Pay Now). The payment dialog opens once the hold is made, without a
  // Radix trigger, so closing it (Escape, Back) would drop the focus to the page: it goes back here.
  const opener = useRef<HTMLElement | null>(null);

  const start = async (next: CheckoutRequest): Promise<StartOutcome> => {
    if (create.isPending) return 'failed';
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    // A code chosen with Redeem Now goes with the payment; a code the server refuses is shown with its
    // reason in the payment step, and the time is held without it (docs/product.md §7).
    const remembered = rememberedPromoCode();
    setSuggestedCode(remembered);
    setPromoRefusal(null);
    try {
      let answer: PaymentHold;
      try {
        answer = await create.mutateAsync({ ...next, promoCode: remembered });
      } catch (error) {
        if (!remembered || !isPromoRefusal(error)) throw error;
        setPromoRefusal(isApiError(error) ? (error.serverMessage ?? null) : null);
        answer = await create.mutateAsync(next);
      }
      setRequest({ ...next, promoCode: answer.promoCode });
      setHold(answer);
      return 'opened';
    } catch (error) {
      const message = isApiError(error) && error.serverMessage ? error.serverMessage : null;
      if (isSlotProblem(error)) {
        notify('error', t('checkout.chooseAnother'), message ?? t('checkout.noLongerAvailable'));
        return 'slot_problem';
      }
      notify('error', t('checkout.setupFailed'), errorMessage(error, t('checkout.setupError')));
      return 'failed';
    }
  };

  /** Applies a code (null removes it): the server prices the hold again; answers its refusal or null. */
  const applyCode = async (code: string | null): Promise<string | null> => {
    if (!request) return null;
    try {
      const answer = await create.mutateAsync({ ...request, promoCode: code });
      setRequest({ ...request, promoCode: answer.promoCode });
      setHold(answer);
      setPromoRefusal(null);
      if (code === null) forgetPromoCode();
      return null;
    } catch (error) {
      const message = errorMessage(error, t('checkout.codeNotApplied'));
      if (!isPromoRefusal(error)) notify('error', t('checkout.setupFailed'), message);
      return message;
    }
  };

  const onPaid = (result: PaymentResult) => {
    if (!hold || !request) return;
    // The code did its work: it is not pre-filled for the next booking.
    if (hold.promoCode) forgetPromoCode();
    // Paid: the Booking Confirmed view takes the focus, not Pay Now.
    opener.current = null;
    clearStoredBooking();
    void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(providerId) });
    // The toast sits above the phone's bottom bar and beside (not over) the dialog's buttons on a desktop.
    notify('success', t('checkout.paid'), t('checkout.paidText'));
    setConfirmed({
      bookingId: result.bookingId,
      referenceNumber: result.referenceNumber,
      serviceTitle: request.serviceTitle,
      providerId,
      providerName,
      serviceDate: request.serviceDate,
      durationMinutes: hold.durationMinutes,
      amountCents: hold.amount,
    });
    setHold(null);
  };

  const paymentDialog = (
    <SecurePaymentDialog
      open={hold !== null}
      hold={hold}
      serviceTitle={request?.serviceTitle ?? ''}
      providerName={providerName}
      serviceDate={request?.serviceDate ?? new Date().toISOString()}
      billing={{ name: request?.customerName ?? '', email: request?.customerEmail ?? '' }}
      onCancel={() => {
        setHold(null);
        void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(providerId) });
      }}
      onPaid={onPaid}
      suggestedCode={suggestedCode}
      promoRefusal={promoRefusal}
      onApplyCode={applyCode}
      onCloseAutoFocus={(event) => {
        const element = opener.current;
        opener.current = null;
        if (!element?.isConnected) return;
        event.preventDefault();
        element.focus();
      }}
    />
  );

  return {
    start,
    isStarting: create.isPending,
    confirmed,
    reset: () => {
      setConfirmed(null);
      setHold(null);
      setRequest(null);
    },
    paymentDialog,
  };
}
